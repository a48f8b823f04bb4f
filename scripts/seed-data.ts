// Word lists for the demo seed (scripts/seed.ts): plausible agency data, no real people or companies.
// Phone numbers use the fictional 555-01xx range; domains end in .example or .test.

export const INDUSTRIES = [
  { name: 'Technology', words: ['Tech', 'Labs', 'Software', 'Systems', 'Digital', 'Cloud', 'Data'] },
  { name: 'Healthcare', words: ['Health', 'Dental', 'Clinic', 'Care', 'Physio', 'Medical'] },
  { name: 'Retail', words: ['Outfitters', 'Goods', 'Supply', 'Boutique', 'Market', 'Home'] },
  { name: 'Hospitality', words: ['Hotel', 'Inn', 'Resorts', 'Suites', 'Lodge'] },
  { name: 'Real Estate', words: ['Realty', 'Properties', 'Homes', 'Estates', 'Living'] },
  { name: 'Financial Services', words: ['Capital', 'Wealth', 'Advisors', 'Financial', 'Credit Union'] },
  { name: 'Manufacturing', words: ['Manufacturing', 'Fabrication', 'Industries', 'Machining', 'Works'] },
  { name: 'Education', words: ['Academy', 'Learning', 'Tutoring', 'Institute', 'School'] },
  { name: 'Construction', words: ['Builders', 'Construction', 'Contracting', 'Roofing', 'Renovations'] },
  { name: 'Legal', words: ['Law', 'Legal', 'Law Group', 'Attorneys'] },
  { name: 'Nonprofit', words: ['Foundation', 'Alliance', 'Trust', 'Society', 'Initiative'] },
  { name: 'Food & Beverage', words: ['Coffee', 'Bakery', 'Brewing', 'Kitchen', 'Creamery', 'Provisions'] },
  { name: 'Fitness & Wellness', words: ['Fitness', 'Yoga', 'Athletics', 'Wellness', 'Studio'] },
  { name: 'Automotive', words: ['Motors', 'Auto', 'Autoworks', 'Tire & Service'] },
  { name: 'Media & Entertainment', words: ['Media', 'Studios', 'Films', 'Records', 'Productions'] },
] as const;

export const NAME_FIRST = [
  'Blue', 'North', 'Summit', 'Harbor', 'Cedar', 'Bright', 'Iron', 'Silver', 'Pine', 'Granite', 'Oak', 'River',
  'Maple', 'Lakeside', 'Golden', 'Evergreen', 'Atlas', 'Beacon', 'Copper', 'Falcon', 'Horizon', 'Juniper',
  'Keystone', 'Liberty', 'Meridian', 'Nova', 'Orchard', 'Pioneer', 'Redwood', 'Sterling', 'Vista', 'Willow',
  'Zenith', 'Aspen', 'Bayside', 'Clearwater', 'Driftwood', 'Elm Street', 'Foxglove', 'Highland', 'Ironwood',
  'Lighthouse', 'Mosaic', 'Northstar', 'Old Town', 'Parkside', 'Riverbend', 'Stonebridge', 'Tidewater', 'Westfield',
];

export const NAME_SECOND = [
  '', '', '', '', '', 'Ridge', 'Point', 'Peak', 'Valley', 'Bay', 'Creek', 'Hill', 'Grove', 'Field', 'Crest',
  'Brook', 'Stone', 'Light', 'Gate', 'Line', 'Path',
];

export const NAME_SUFFIX = ['', '', '', ' Inc.', ' LLC', ' Co.', ' Group', ' Partners'];

export const PLACES = [
  { city: 'Portland', state: 'OR', zip: '97205', area: '503' },
  { city: 'Seattle', state: 'WA', zip: '98101', area: '206' },
  { city: 'Denver', state: 'CO', zip: '80202', area: '303' },
  { city: 'Austin', state: 'TX', zip: '78701', area: '512' },
  { city: 'Chicago', state: 'IL', zip: '60607', area: '312' },
  { city: 'Minneapolis', state: 'MN', zip: '55401', area: '612' },
  { city: 'Nashville', state: 'TN', zip: '37203', area: '615' },
  { city: 'Raleigh', state: 'NC', zip: '27601', area: '919' },
  { city: 'Boston', state: 'MA', zip: '02110', area: '617' },
  { city: 'San Diego', state: 'CA', zip: '92101', area: '619' },
  { city: 'Salt Lake City', state: 'UT', zip: '84111', area: '801' },
  { city: 'Columbus', state: 'OH', zip: '43215', area: '614' },
  { city: 'Madison', state: 'WI', zip: '53703', area: '608' },
  { city: 'Boise', state: 'ID', zip: '83702', area: '208' },
  { city: 'Pittsburgh', state: 'PA', zip: '15222', area: '412' },
];

export const STREETS = [
  'Main St', 'Market St', 'Oak Ave', 'Pine St', 'Washington Blvd', 'Lake Shore Dr', 'Commerce Way', 'Broadway',
  'River Rd', 'Park Ave', '2nd Ave', 'Industrial Pkwy', 'Elm St', 'Harbor Dr', 'Mill St', 'Grand Ave',
];

export const FIRST_NAMES = [
  'Olivia', 'Liam', 'Emma', 'Noah', 'Ava', 'Elijah', 'Sophia', 'James', 'Isabella', 'Lucas', 'Mia', 'Mason',
  'Amelia', 'Ethan', 'Harper', 'Logan', 'Evelyn', 'Aiden', 'Abigail', 'Daniel', 'Emily', 'Matthew', 'Priya',
  'Jackson', 'Chloe', 'Sebastian', 'Grace', 'Mateo', 'Zoe', 'Owen', 'Nora', 'Wei', 'Hannah', 'Carlos', 'Layla',
  'Samuel', 'Aaliyah', 'David', 'Naomi', 'Joseph', 'Fatima', 'Henry', 'Leah', 'Ryan', 'Maya', 'Nathan', 'Aisha',
  'Julian', 'Elena', 'Gabriel', 'Sofia', 'Isaac', 'Kenji', 'Ruby', 'Diego', 'Alice', 'Omar', 'Claire',
];

export const LAST_NAMES = [
  'Smith', 'Johnson', 'Williams', 'Brown', 'Jones', 'Garcia', 'Miller', 'Davis', 'Rodriguez', 'Martinez',
  'Hernandez', 'Lopez', 'Gonzalez', 'Wilson', 'Anderson', 'Thomas', 'Taylor', 'Moore', 'Jackson', 'Martin', 'Lee',
  'Perez', 'Thompson', 'White', 'Harris', 'Sanchez', 'Clark', 'Ramirez', 'Lewis', 'Robinson', 'Walker', 'Young',
  'Allen', 'King', 'Wright', 'Scott', 'Torres', 'Nguyen', 'Hill', 'Flores', 'Green', 'Adams', 'Nelson', 'Baker',
  'Hall', 'Rivera', 'Campbell', 'Mitchell', 'Carter', 'Roberts', 'Patel', 'Kim', 'Chen', 'Okafor', 'Novak',
  'Schmidt', 'Costa', 'Haddad', 'Yamamoto', 'Kowalski',
];

export const TITLES: Record<'executive' | 'manager' | 'contributor', readonly string[]> = {
  executive: ['CEO', 'Founder', 'Co-founder', 'COO', 'President', 'Managing Director', 'CMO', 'Owner'],
  manager: ['Marketing Manager', 'Operations Manager', 'Brand Manager', 'Office Manager', 'Product Manager', 'Head of Sales'],
  contributor: ['Marketing Coordinator', 'Graphic Designer', 'Content Writer', 'Sales Associate', 'Analyst', 'Executive Assistant', 'Social Media Specialist'],
};

export const PROJECT_TEMPLATES = [
  { name: 'Website Redesign', description: 'Responsive redesign of the marketing site with a new CMS and refreshed copy.' },
  { name: 'Brand Refresh', description: 'Updated logo, colour palette and typography, delivered as a brand guide.' },
  { name: 'SEO Audit', description: 'Technical and content audit with a prioritised list of fixes.' },
  { name: 'Social Media Campaign', description: 'Eight-week paid and organic campaign across Instagram and LinkedIn.' },
  { name: 'Email Newsletter Program', description: 'Monthly newsletter template, list cleanup and automation flows.' },
  { name: 'Product Launch', description: 'Launch plan, landing page and press kit for the new product line.' },
  { name: 'Paid Search Setup', description: 'Google Ads account structure, keyword research and conversion tracking.' },
  { name: 'Mobile App MVP', description: 'Design and build of a first mobile app release for iOS and Android.' },
  { name: 'Logo & Identity', description: 'New visual identity from discovery workshop to final files.' },
  { name: 'Content Strategy', description: 'Editorial calendar, personas and a year of blog topics.' },
  { name: 'Analytics Dashboard', description: 'GA4 migration and a monthly KPI dashboard for leadership.' },
  { name: 'E-commerce Migration', description: 'Move the online store to Shopify with product data and redirects.' },
  { name: 'Trade Show Collateral', description: 'Booth graphics, brochures and a follow-up email sequence.' },
  { name: 'Annual Report Design', description: 'Layout and infographics for the annual report, print and PDF.' },
  { name: 'Video Production', description: 'Script, shoot and edit of a two-minute brand video.' },
  { name: 'Local SEO & Listings', description: 'Google Business Profile cleanup and citations across directories.' },
];

export const TASK_TITLES = [
  'Kickoff call with client', 'Collect brand assets', 'Draft sitemap', 'Wireframe homepage', 'Write homepage copy',
  'Design mockups', 'Client review of mockups', 'Set up staging site', 'Configure analytics', 'Keyword research',
  'Competitor analysis', 'Draft content calendar', 'Photo shoot scheduling', 'Edit product photos', 'Build landing page',
  'QA on mobile devices', 'Set up email automation', 'Write blog post', 'Prepare monthly report', 'Update DNS records',
  'Migrate product catalog', 'Set up redirects', 'Accessibility review', 'Create ad creatives', 'Launch ad campaign',
  'Send invoice', 'Gather testimonials', 'Finalize style guide', 'Export logo files', 'Record voice-over',
  'Rough cut review', 'Publish to production', 'Train client on CMS', 'Post-launch check-in', 'Renew domain',
  'Review proposal with client', 'Collect signed contract', 'Schedule status meeting', 'Audit page speed', 'Fix broken links',
];

export const TASK_NOTES = [
  'See the shared folder for the latest files.',
  'Waiting on feedback from the client before continuing.',
  'Agreed in the last status call.',
  'Keep the client contact in the loop by email.',
  null,
  null,
];

/** Free-text assignees: the two seeded staff plus freelancers the agency works with. */
export const FREELANCERS = ['Jordan Blake (freelance)', 'Riley Chen (freelance)', 'Casey Morgan'];

export const DOCUMENT_NAMES: Record<'contract' | 'agreement' | 'proposal' | 'invoice' | 'report', readonly string[]> = {
  contract: ['Master Services Agreement', 'Statement of Work', 'Retainer Contract', 'Change Order'],
  agreement: ['Mutual NDA', 'Data Processing Agreement', 'Service Level Agreement', 'Licensing Agreement'],
  proposal: ['Project Proposal', 'Website Redesign Proposal', 'Marketing Retainer Proposal', 'Estimate'],
  invoice: ['Invoice'],
  report: ['Monthly Performance Report', 'SEO Audit Report', 'Campaign Results', 'Quarterly Review'],
};

export const RESOURCES = [
  {
    title: 'Brand Guidelines',
    description: 'Logo usage, colours and typography for every channel.',
    type: 'information',
    status: 'live',
    visibleToClient: true,
    details: [
      ['Primary colour', '#1F4E79'],
      ['Secondary colour', '#F2A541'],
      ['Typeface', 'Inter (headings), Source Serif (body)'],
      ['Logo files', 'https://files.example.com/demo/brand/logo-pack.zip'],
    ],
  },
  {
    title: 'Website Hosting & DNS',
    description: 'Where the site lives and who to call when it is down.',
    type: 'information',
    status: 'active',
    visibleToClient: false,
    details: [
      ['Registrar', 'Namecheap'],
      ['DNS', 'Cloudflare'],
      ['Hosting', 'Netlify (team plan)'],
    ],
  },
  {
    title: 'Content Calendar',
    description: 'The shared editorial calendar for blog and social posts.',
    type: 'tool',
    status: 'active',
    visibleToClient: true,
    details: [
      ['Link', 'https://calendar.example.com/demo-content'],
      ['Cadence', 'Two posts a week'],
      ['Owner', 'Sam Rivera'],
    ],
  },
  {
    title: 'KPI Dashboard',
    description: 'Monthly traffic, leads and conversion dashboard.',
    type: 'tool',
    status: 'beta',
    visibleToClient: true,
    details: [
      ['Link', 'https://dashboards.example.com/demo-kpi'],
      ['Refresh', 'Daily at 06:00'],
      ['Data sources', 'GA4, Google Ads, HubSpot'],
      ['Access', 'Read-only for client contacts'],
    ],
  },
  {
    title: 'Ad Account Structure',
    description: 'How campaigns and ad groups are organised.',
    type: 'information',
    status: 'pending',
    visibleToClient: false,
    details: [
      ['Platform', 'Google Ads'],
      ['Monthly budget', '$4,500'],
    ],
  },
  {
    title: 'Legacy Intranet',
    description: 'The old intranet, kept read-only until the migration is done.',
    type: 'tool',
    status: 'deprecated',
    visibleToClient: false,
    details: [
      ['Link', 'https://intranet.example.com'],
      ['Retire by', 'End of next quarter'],
      ['Replacement', 'Client portal resources'],
    ],
  },
] as const;

type FieldSeed = { label: string; type: string; required?: boolean; choices?: string[]; help?: string };
type StepSeed = { title: string; content?: string; fields?: FieldSeed[] };
export type FlowSeed = { name: string; description: string; workflowType: 'onboard' | 'collect' | 'inform'; steps: StepSeed[] };

export const FLOWS: FlowSeed[] = [
  {
    name: 'Welcome to Demo Agency',
    description: 'What to expect in your first weeks with us.',
    workflowType: 'onboard',
    steps: [
      {
        title: 'Meet your team',
        content:
          '## Hello and welcome!\n\nYour account lead is **Alex Morgan**, and **Sam Rivera** runs day-to-day delivery.\n\n- Status calls every other Tuesday\n- Questions any time at [hello@demo.test](mailto:hello@demo.test)',
      },
      {
        title: 'How projects run',
        content:
          '## Our process\n\n1. **Discovery**: we learn about your goals.\n2. **Design**: you review and approve mockups.\n3. **Build**: we develop and test.\n4. **Launch**: we go live together.\n\nYou can follow every step in this portal.',
      },
      {
        title: 'Files and approvals',
        content:
          '## Sharing files\n\nUpload brand assets under **Files**. When we need a decision, the task shows up in your list with a due date.\n\n> Tip: approvals within two business days keep the schedule on track.',
      },
    ],
  },
  {
    name: 'Brand asset intake',
    description: 'Everything we need to start on your brand and website.',
    workflowType: 'collect',
    steps: [
      {
        title: 'About your business',
        fields: [
          { label: 'Company tagline', type: 'text', help: 'One short sentence.' },
          { label: 'Describe your ideal customer', type: 'textarea', required: true },
          { label: 'Primary goal for this project', type: 'select', required: true, choices: ['More leads', 'Online sales', 'Brand awareness', 'Recruiting'] },
        ],
      },
      {
        title: 'Brand assets',
        fields: [
          { label: 'Logo files', type: 'file', required: true, help: 'SVG or high-resolution PNG.' },
          { label: 'Brand guidelines', type: 'file' },
          { label: 'We may use your logo in our portfolio', type: 'checkbox' },
        ],
      },
      {
        title: 'Timeline',
        fields: [
          { label: 'Preferred launch date', type: 'date', required: true },
          { label: 'Budget range', type: 'select', choices: ['Under $10k', '$10k–$25k', '$25k–$50k', 'Over $50k'] },
        ],
      },
    ],
  },
  {
    name: 'Working with us',
    description: 'Billing, support hours and how to reach us.',
    workflowType: 'inform',
    steps: [
      { title: 'Support hours', content: 'We answer requests Monday to Friday, 9am to 5pm Pacific. Urgent website outages are handled around the clock.' },
      { title: 'Billing', content: 'Invoices go out on the first business day of each month and are due within 30 days. Retainer hours do not roll over.' },
    ],
  },
];
