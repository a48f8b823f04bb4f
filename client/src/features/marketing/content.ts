/**
 * Marketing copy for the public pages (/, /features, /pricing).
 *
 * Every visible text of the marketing site lives here as typed data; the page
 * components only render it. Texts quoted in the product spec are kept word
 * for word.
 */
import {
  BellRing,
  Building2,
  ChartColumn,
  Contact,
  FolderKanban,
  FolderOpen,
  ListChecks,
  MonitorSmartphone,
  Search,
  ShieldCheck,
  SlidersHorizontal,
  Workflow,
  Zap,
  type LucideIcon,
} from 'lucide-react';

// ---------------------------------------------------------------------------
// Types
// ---------------------------------------------------------------------------

/** An internal link rendered as a button-like call to action. */
export interface CallToAction {
  label: string;
  to: string;
}

export interface NavItem {
  label: string;
  to: string;
}

export interface FeatureCard {
  title: string;
  description: string;
  icon: LucideIcon;
}

export interface DetailedFeature extends FeatureCard {
  /** Stable id, used for element ids / React keys. */
  id: string;
  /** Three to four short benefit bullets. */
  benefits: string[];
}

export interface Benefit {
  title: string;
  description: string;
  icon: LucideIcon;
}

type PlanId = 'starter' | 'professional' | 'enterprise';

export interface Plan {
  id: PlanId;
  name: string;
  /** Monthly price in US dollars. */
  price: number;
  description: string;
  /** Checklist lines, first letter capitalised. */
  features: string[];
  /** Marks the recommended plan. */
  highlighted: boolean;
  badge?: string;
  cta: CallToAction;
}

export interface FaqItem {
  question: string;
  answer: string;
}

export interface PreviewStat {
  label: string;
  value: string;
  trend: string;
}

export interface PreviewProject {
  name: string;
  client: string;
  /** Completion in percent (0–100). */
  progress: number;
  status: string;
}

// ---------------------------------------------------------------------------
// Shared
// ---------------------------------------------------------------------------

export const brand = {
  name: 'Clientflow',
  tagline: 'The open-source client hub and branded client portal for service agencies.',
} as const;

export const pageTitles = {
  landing: 'Client management for service agencies',
  features: 'Features',
  pricing: 'Pricing',
} as const;

export const layoutContent = {
  skipLink: 'Skip to main content',
  mainNavLabel: 'Main',
  footerNavLabel: 'Footer',
  nav: [
    { label: 'Features', to: '/features' },
    { label: 'Pricing', to: '/pricing' },
  ] satisfies NavItem[],
  hubButton: { label: 'Open Hub', shortLabel: 'Hub', to: '/hub' },
  footerLinks: [
    { label: 'Features', to: '/features' },
    { label: 'Pricing', to: '/pricing' },
    { label: 'Hub', to: '/hub' },
  ] satisfies NavItem[],
  /** Rendered as "© {year} Clientflow". */
  copyrightHolder: 'Clientflow',
};

const priceFormat = new Intl.NumberFormat('en-US', { style: 'currency', currency: 'USD', maximumFractionDigits: 0 });

/** Formats a monthly price the way the pricing cards show it: "$29" (Clientflow's own prices are in US dollars). */
export function formatPrice(amount: number): string {
  return priceFormat.format(amount);
}

// ---------------------------------------------------------------------------
// Landing page (/)
// ---------------------------------------------------------------------------

export const landingContent = {
  hero: {
    eyebrow: 'Open-source client hub for agencies',
    title: 'Complete Client Management System for Service Agencies',
    subtitle:
      'Bring companies, contacts, projects, tasks and files into one organised hub — and give every client a branded portal to follow their work.',
    primaryCta: { label: 'Get Started Free', to: '/hub' } satisfies CallToAction,
    secondaryCta: { label: 'View Features', to: '/features' } satisfies CallToAction,
    highlights: ['14-day free trial', 'No credit card required', 'Self-hostable'],
  },
  preview: {
    label: 'Preview of the Clientflow hub dashboard',
    windowTitle: 'Clientflow Hub',
    heading: 'Overview',
    stats: [
      { label: 'Active projects', value: '24', trend: '+3 this week' },
      { label: 'Open tasks', value: '138', trend: '12 due today' },
      { label: 'Clients', value: '42', trend: '+2 this month' },
    ] satisfies PreviewStat[],
    projectsHeading: 'Projects',
    projects: [
      { name: 'Website redesign', client: 'Northwind Studio', progress: 72, status: 'On track' },
      { name: 'Brand refresh', client: 'Acme Dental', progress: 45, status: 'In review' },
      { name: 'SEO retainer', client: 'Bluebird Legal', progress: 90, status: 'On track' },
    ] satisfies PreviewProject[],
  },
  features: {
    heading: 'Everything your agency needs in one place',
    intro:
      'Replace scattered spreadsheets, inboxes and shared drives with a single hub built around the way service agencies work.',
    cards: [
      {
        title: 'Company Management',
        description:
          'Keep every client company in one place with its details, contacts, projects and history a click away.',
        icon: Building2,
      },
      {
        title: 'Contact Organization',
        description: 'Organize the people you work with by company and role so you always know who to reach.',
        icon: Contact,
      },
      {
        title: 'Project Tracking',
        description: 'Follow every project from kickoff to delivery with statuses, deadlines and progress at a glance.',
        icon: FolderKanban,
      },
      {
        title: 'Task Management',
        description:
          'Break work into tasks, assign owners and due dates, and keep your team focused on what matters next.',
        icon: ListChecks,
      },
      {
        title: 'File Storage',
        description:
          'Store briefs, contracts and deliverables alongside the projects they belong to, safely versioned.',
        icon: FolderOpen,
      },
      {
        title: 'Analytics & Reporting',
        description: 'Understand workload, progress and client activity with clear reports you can share in seconds.',
        icon: ChartColumn,
      },
    ] satisfies FeatureCard[],
    moreLink: { label: 'Explore all features', to: '/features' } satisfies CallToAction,
  },
  benefits: {
    heading: 'Built for agencies that put clients first',
    intro: 'Clientflow keeps your data safe, your team fast and your clients in the loop.',
    items: [
      {
        title: 'Secure & Reliable',
        description:
          'Role-based access, encrypted connections and regular backups keep your agency and client data protected.',
        icon: ShieldCheck,
      },
      {
        title: 'Lightning Fast',
        description: 'A snappy interface and instant search get you from question to answer without waiting.',
        icon: Zap,
      },
      {
        title: 'Client Portal',
        description:
          'Give clients a branded portal where they can track their projects and download their files anytime.',
        icon: MonitorSmartphone,
      },
    ] satisfies Benefit[],
  },
  closing: {
    heading: 'Ready to bring your clients into one place?',
    text: 'Set up your hub in minutes. 14-day free trial on every plan, no credit card required.',
    cta: { label: 'Start Your Free Trial', to: '/hub' } satisfies CallToAction,
  },
};

// ---------------------------------------------------------------------------
// Features page (/features)
// ---------------------------------------------------------------------------

export const featuresContent = {
  eyebrow: 'Features',
  title: 'Powerful features to run your client work',
  intro:
    'From the first contact to the final deliverable, Clientflow gives your agency the tools to stay organised and your clients a clear view of their projects.',
  listHeading: 'All features',
  benefitsLabel: 'Benefits',
  features: [
    {
      id: 'company-management',
      title: 'Company Management',
      description: 'A complete record of every client company, from contact details to projects, files and activity.',
      icon: Building2,
      benefits: [
        'Centralised company profiles',
        'Linked contacts, projects and files',
        'Full activity history per client',
        'Quick filters by status and industry',
      ],
    },
    {
      id: 'contact-organization',
      title: 'Contact Organization',
      description:
        'Keep track of everyone you work with, grouped by company and role, with notes that the whole team can see.',
      icon: Contact,
      benefits: ['Contacts grouped by company', 'Roles, notes and preferred channels', 'Portal access per contact'],
    },
    {
      id: 'project-tracking',
      title: 'Project Tracking',
      description:
        'Plan and follow projects with milestones, deadlines and status updates your team and clients understand.',
      icon: FolderKanban,
      benefits: [
        'Milestones and due dates',
        'Status and progress at a glance',
        'Budgets and time estimates',
        'Client-visible project updates',
      ],
    },
    {
      id: 'task-management',
      title: 'Task Management',
      description:
        'Turn projects into actionable tasks with owners, priorities and due dates so nothing slips through the cracks.',
      icon: ListChecks,
      benefits: [
        'Assignees, priorities and due dates',
        'List and board views',
        'Comments and checklists on every task',
      ],
    },
    {
      id: 'document-storage',
      title: 'Document Storage',
      description:
        'Store contracts, briefs and deliverables next to the projects they belong to, ready to share with clients.',
      icon: FolderOpen,
      benefits: [
        'Files organised per client and project',
        'Version history for every upload',
        'Share files to the client portal',
        'Generous storage on every plan',
      ],
    },
    {
      id: 'analytics-reporting',
      title: 'Analytics & Reporting',
      description: 'See how your agency is performing with reports on projects, tasks, workload and client activity.',
      icon: ChartColumn,
      benefits: ['Project and task progress reports', 'Team workload overview', 'Exportable reports for clients'],
    },
    {
      id: 'client-portal',
      title: 'Client Portal',
      description:
        'A branded portal where clients follow their projects, review updates and download their files on their own.',
      icon: MonitorSmartphone,
      benefits: [
        'Your logo, colours and domain',
        'Real-time project status for clients',
        'Secure file downloads',
        'Fewer status-update emails',
      ],
    },
    {
      id: 'security-compliance',
      title: 'Security & Compliance',
      description:
        'Protect sensitive client information with granular permissions, secure sessions and a full audit trail.',
      icon: ShieldCheck,
      benefits: [
        'Role-based access control',
        'Encrypted connections and hashed passwords',
        'Audit log of important actions',
        'Data export whenever you need it',
      ],
    },
    {
      id: 'advanced-search',
      title: 'Advanced Search',
      description: 'Find any company, contact, project, task or file in seconds from a single search box.',
      icon: Search,
      benefits: [
        'Search across every record type',
        'Filters by client, status and owner',
        'Keyboard-friendly quick search',
      ],
    },
    {
      id: 'notifications-alerts',
      title: 'Notifications & Alerts',
      description:
        'Stay on top of deadlines, assignments and client activity with timely in-app and email notifications.',
      icon: BellRing,
      benefits: [
        'Due-date and overdue reminders',
        'Alerts when clients upload or comment',
        'Per-user notification preferences',
      ],
    },
    {
      id: 'customization',
      title: 'Customization',
      description:
        'Make Clientflow your own with custom branding, fields and statuses that match how your agency works.',
      icon: SlidersHorizontal,
      benefits: [
        'Custom branding for the client portal',
        'Custom fields and statuses',
        'Configurable project templates',
      ],
    },
    {
      id: 'automation',
      title: 'Automation',
      description: 'Automate the repetitive parts of client work so your team can focus on delivering great results.',
      icon: Workflow,
      benefits: [
        'Rule-based task creation',
        'Automatic status updates and reminders',
        'Reusable workflows for recurring projects',
        'Integrations through the API',
      ],
    },
  ] satisfies DetailedFeature[],
  closing: {
    heading: 'See how Clientflow fits your agency',
    text: 'Try every feature free for 14 days, or compare plans to find the right fit for your team.',
    primaryCta: { label: 'Start Free Trial', to: '/hub' } satisfies CallToAction,
    secondaryCta: { label: 'View Pricing', to: '/pricing' } satisfies CallToAction,
  },
};

// ---------------------------------------------------------------------------
// Pricing page (/pricing)
// ---------------------------------------------------------------------------

const trialCta: CallToAction = { label: 'Start Free Trial', to: '/hub' };

export const pricingContent = {
  eyebrow: 'Pricing',
  title: 'Simple, transparent pricing',
  intro: 'Choose the plan that fits your agency today and change it as you grow.',
  trialNote: '14-day free trial on every plan, no credit card required',
  billingPeriod: '/month',
  billingPeriodLabel: 'per month',
  plansLabel: 'Plans',
  featuresLabel: 'What’s included',
  plans: [
    {
      id: 'starter',
      name: 'Starter',
      price: 29,
      description: 'For freelancers and small studios getting organised.',
      highlighted: false,
      cta: trialCta,
      features: [
        'Up to 5 active projects',
        '10 client companies',
        'Basic task management',
        '5GB document storage',
        'Email support',
        'Standard security',
      ],
    },
    {
      id: 'professional',
      name: 'Professional',
      price: 79,
      description: 'For growing agencies that work closely with their clients.',
      highlighted: true,
      badge: 'Most Popular',
      cta: trialCta,
      features: [
        'Unlimited projects',
        '50 client companies',
        'Advanced task management',
        '50GB file storage',
        'Client portal access',
        'Priority email support',
        'Advanced reporting',
        'Custom branding',
        'API access',
      ],
    },
    {
      id: 'enterprise',
      name: 'Enterprise',
      price: 199,
      description: 'For large agencies running multiple teams and complex workflows.',
      highlighted: false,
      cta: trialCta,
      features: [
        'Unlimited everything',
        'Unlimited client companies',
        'Advanced automation',
        '500GB storage',
        'White-label client portal',
        '24/7 phone support',
        'Custom integrations',
        'Dedicated account manager',
        'Advanced security and compliance',
        'Custom workflows',
        'Multi-team management',
      ],
    },
  ] satisfies Plan[],
  faq: {
    heading: 'Frequently asked questions',
    intro: 'Everything you need to know about plans and billing.',
    items: [
      {
        question: 'Can I change my plan later?',
        answer:
          'Yes. You can upgrade or downgrade at any time. Plan changes take effect immediately, and the price difference is prorated on your next invoice.',
      },
      {
        question: 'Can I export my data before cancelling?',
        answer:
          'Absolutely. Your data is yours: you can export your companies, contacts, projects, tasks and files at any time, including before you cancel.',
      },
      {
        question: 'What happens to my data after I cancel?',
        answer:
          'We keep your data for 30 days after cancellation, so you can reactivate your account or export everything. After that period it is permanently deleted.',
      },
      {
        question: 'Do you offer custom pricing for large teams?',
        answer:
          'Yes. Custom pricing is available for large teams. Get in touch with us and we will put together a plan that fits your organisation.',
      },
    ] satisfies FaqItem[],
  },
  closing: {
    heading: 'Start managing your clients with confidence',
    text: 'Try Clientflow free for 14 days. No credit card required, cancel anytime.',
    primaryCta: { label: 'Start Your Free Trial', to: '/hub' } satisfies CallToAction,
    secondaryCta: { label: 'View Features', to: '/features' } satisfies CallToAction,
  },
};
