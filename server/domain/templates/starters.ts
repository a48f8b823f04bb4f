/**
 * The three templates every agency starts with (issue 29): "Website project", "Monthly retainer" and "Client
 * onboarding" (a project template that also creates the "Client onboarding" flow: welcome text, a few questions
 * and an approval). Written at sign-up, by the demo seed and by the templates page's "Add the starter templates"
 * (an agency made before templates has none), always in the caller's transaction and through addStarterTemplates.
 */
import { flowSnapshotSchema, type FlowSnapshot, type TemplateTask } from '../../../shared/schemas/templates';

type Named = { findMany(args: NamesQuery): Promise<{ id: number; name: string }[]> };
type NamesQuery = { where: { businessId: number }; select: { id: true; name: true }; orderBy: { id: 'asc' } };
type StarterTx = {
  projectTemplate: Named & {
    create(args: { data: { businessId: number; name: string; description: string } }): Promise<{ id: number }>;
  };
  projectTemplateTask: { createMany(args: { data: StarterTaskRow[] }): Promise<unknown> };
  flowTemplate: Named & {
    create(args: {
      data: { businessId: number; name: string; description: string; workflowType: string; steps: string };
    }): Promise<{ id: number }>;
  };
  projectTemplateFlow: {
    create(args: { data: { businessId: number; projectTemplateId: number; flowTemplateId: number } }): Promise<unknown>;
  };
};
type StarterTaskRow = {
  businessId: number;
  templateId: number;
  title: string;
  description: string | null;
  priority: string;
  dueOffsetDays: number | null;
  internal: boolean;
  position: number;
};

const task = (
  title: string,
  dueOffsetDays: number,
  priority: 'low' | 'medium' | 'high' = 'medium',
  description?: string,
) => ({ title, dueOffsetDays, priority, description: description ?? null, internal: false }) satisfies TemplateTask;

const ONBOARDING_FLOW_NAME = 'Client onboarding';
const ONBOARDING_FLOW: FlowSnapshot = [
  {
    stepTitle: 'Welcome',
    content:
      '## Welcome aboard!\n\nWe are glad to be working with you. This short flow collects what we need to get started: it takes about five minutes.\n\n- Tell us about your business\n- Share your brand assets\n- Approve the project scope',
  },
  {
    stepTitle: 'About your business',
    fields: [
      { fieldLabel: 'Main contact for this project', fieldType: 'text', isRequired: true, order: 0 },
      { fieldLabel: 'What should this project achieve?', fieldType: 'textarea', isRequired: true, order: 1 },
      {
        fieldLabel: 'How did you hear about us?',
        fieldType: 'select',
        options: JSON.stringify({ choices: ['Referral', 'Search', 'Social media', 'Event', 'Other'] }),
        order: 2,
      },
      { fieldLabel: 'Preferred launch date', fieldType: 'date', order: 3 },
    ],
  },
  {
    stepTitle: 'Brand assets',
    content: 'Upload your logo and brand guide if you have them; we will ask for anything missing later.',
    fields: [
      { fieldLabel: 'Logo', fieldType: 'file', order: 0 },
      { fieldLabel: 'Brand guide', fieldType: 'file', order: 1, helpText: 'PDF or images' },
    ],
  },
  {
    stepTitle: 'Approval',
    content: 'Please review the proposal we sent you and approve the scope to book your start date.',
    fields: [
      { fieldLabel: 'I approve the project scope and timeline', fieldType: 'checkbox', isRequired: true, order: 0 },
      { fieldLabel: 'Anything we should know before we start?', fieldType: 'textarea', order: 1 },
    ],
  },
];

const STARTERS: { name: string; description: string; tasks: TemplateTask[]; flow?: boolean }[] = [
  {
    name: 'Website project',
    description: 'A new website in about eight weeks: discovery, sitemap, design, build, QA and launch.',
    tasks: [
      task('Kick-off call and discovery', 0, 'high', 'Goals, audience, competitors, success measures.'),
      task('Collect content and brand assets', 5),
      task('Sitemap and page list', 7),
      task('Wireframes', 14),
      task('Visual design', 21, 'high'),
      task('Design review with the client', 24),
      task('Build pages', 35, 'high'),
      task('Content entry', 40),
      task('QA: browsers, phones, forms, speed', 49, 'high'),
      task('Client review and fixes', 52),
      task('Launch', 56, 'high', 'DNS, redirects, analytics, search console.'),
      task('Post-launch check-in', 70, 'low'),
    ],
  },
  {
    name: 'Monthly retainer',
    description: 'One month of ongoing work: planning, check-ins and the monthly report.',
    tasks: [
      task('Plan the month’s priorities', 0, 'high'),
      task('Weekly check-in call', 7),
      task('Weekly check-in call', 14),
      task('Weekly check-in call', 21),
      task('Maintenance and updates', 25, 'low'),
      task('Monthly report', 28, 'high'),
      task('Invoice the retainer', 30),
    ],
  },
  {
    name: 'Client onboarding',
    description: 'Welcome a new client: the onboarding flow, a kick-off call and the portal set-up.',
    flow: true,
    tasks: [
      task('Send the welcome e-mail and portal invites', 0, 'high'),
      task('Publish the onboarding flow', 0, 'high'),
      task('Kick-off call', 3),
      task('Review onboarding answers', 5),
      task('Set up the project and share it in the portal', 7),
    ],
  },
];

/** Names compare trimmed, in any case (as an import compares them). */
const key = (name: string) => name.trim().toLowerCase();

/**
 * Writes the starter templates in the caller's transaction, skipping each one whose name the agency already has (so a
 * second call adds nothing); the onboarding project template then starts the agency's flow template of that name.
 * Returns how many templates it created, of both kinds.
 */
export async function addStarterTemplates(tx: StarterTx, businessId: number): Promise<number> {
  const names: NamesQuery = { where: { businessId }, select: { id: true, name: true }, orderBy: { id: 'asc' } };
  const projects = new Set((await tx.projectTemplate.findMany(names)).map((t) => key(t.name)));
  const existingFlow = (await tx.flowTemplate.findMany(names)).find((t) => key(t.name) === key(ONBOARDING_FLOW_NAME));
  let created = 0;
  let flowId = existingFlow?.id;
  if (flowId === undefined) {
    created++;
    flowId = (
      await tx.flowTemplate.create({
        data: {
          businessId,
          name: ONBOARDING_FLOW_NAME,
          description:
            'Welcome the client, learn about their business, collect brand assets and get the scope approved.',
          workflowType: 'collect',
          steps: JSON.stringify(flowSnapshotSchema.parse(ONBOARDING_FLOW)),
        },
      })
    ).id;
  }
  for (const starter of STARTERS) {
    if (projects.has(key(starter.name))) continue;
    created++;
    const template = await tx.projectTemplate.create({
      data: { businessId, name: starter.name, description: starter.description },
    });
    await tx.projectTemplateTask.createMany({
      data: starter.tasks.map((t, position) => ({
        businessId,
        templateId: template.id,
        title: t.title,
        description: t.description ?? null,
        priority: t.priority ?? 'medium',
        dueOffsetDays: t.dueOffsetDays ?? null,
        internal: t.internal ?? false,
        position,
      })),
    });
    if (starter.flow)
      await tx.projectTemplateFlow.create({
        data: { businessId, projectTemplateId: template.id, flowTemplateId: flowId },
      });
  }
  return created;
}
