import { lazy, Suspense, type ComponentType, type LazyExoticComponent } from 'react';
import { useParams } from 'react-router-dom';
import { ENTITIES, RECORD_KINDS } from '../../../shared/entities';
import { Spinner } from '../ui/Feedback';
import { ENTITY_ICONS } from './entityIcons';
import NotFoundPage from './NotFoundPage';

/** The list pages the router does not name, by their path (an area's `page` in entityIcons.ts). */
const PAGES = new Map<string, LazyExoticComponent<ComponentType>>(
  RECORD_KINDS.flatMap((kind) => {
    const load = ENTITY_ICONS[kind].page;
    return load ? [[ENTITIES[kind].path, lazy(load)] as const] : [];
  }),
);

/** /hub/:area: a record area's list from the registry, so a new area needs no route of its own; else the 404 page. */
export default function AreaPage() {
  const { area } = useParams();
  const Page = PAGES.get(`/hub/${area}`);
  if (!Page) return <NotFoundPage />;
  return (
    <Suspense fallback={<Spinner />}>
      <Page />
    </Suspense>
  );
}
