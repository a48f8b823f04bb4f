import type { ReactNode } from 'react';
import { Tab, TabGroup, TabList, TabPanel, TabPanels } from '@headlessui/react';
import { cn } from '../lib/cn';

type TabItem = { label: ReactNode; content: ReactNode };

type TabsProps = { tabs: TabItem[]; selectedIndex: number; onChange: (index: number) => void; className?: string };

const tabClass = ({ selected }: { selected: boolean }) =>
  cn(
    'flex-1 rounded-md px-3 py-1.5 text-sm font-medium focus-visible:ring-2 focus-visible:ring-brand-500 focus-visible:outline-none',
    selected ? 'bg-white text-slate-900 shadow-sm' : 'text-slate-600 hover:text-slate-900',
  );

/**
 * Segmented tabs (Headless UI: arrow keys, roles, focus). Every panel stays mounted in the same grid cell, so
 * the form state of a hidden tab survives and the container is as tall as its tallest panel: switching tabs
 * never makes a dialog jump.
 */
export function Tabs({ tabs, selectedIndex, onChange, className }: TabsProps) {
  return (
    <TabGroup selectedIndex={selectedIndex} onChange={onChange} className={className}>
      <TabList className="mb-5 flex gap-1 rounded-lg bg-slate-100 p-1">
        {tabs.map((tab, i) => (
          <Tab key={i} className={tabClass}>
            {tab.label}
          </Tab>
        ))}
      </TabList>
      <TabPanels className="grid">
        {tabs.map((tab, i) => (
          <TabPanel
            key={i}
            static
            // The panels hold their own controls; a focus stop on the panel itself would be invisible.
            tabIndex={-1}
            // Hidden panels keep their size but leave the page for sight, pointer, keyboard and screen readers.
            inert={i !== selectedIndex}
            className={({ selected }) =>
              cn('col-start-1 row-start-1 min-w-0 focus:outline-none', !selected && 'invisible')
            }
          >
            {tab.content}
          </TabPanel>
        ))}
      </TabPanels>
    </TabGroup>
  );
}
