import { asc, eq } from 'drizzle-orm';
import type { LeadStatus } from '@portal/contract/leads';
import type { TransactionalExecutor } from '../../db/client';
import { leadComments, leads, users } from '../../db/schema/index';

type DemoLead = {
  first: string;
  last: string;
  company: string;
  title?: string;
  phone: string;
  /** Derived from the name and company unless given. */
  email?: string;
  status: LeadStatus;
  /** How long ago it came in. */
  daysAgo: number;
  /** Website leads: what the visitor wrote and the query parameters of their page. */
  web?: { message: string; metadata: Record<string, string> };
  notes?: string;
  comments?: string[];
};

const utm = (
  source: string,
  medium: string,
  campaign: string,
  extra: Record<string, string> = {},
) => ({
  utm_source: source,
  utm_medium: medium,
  utm_campaign: campaign,
  ...extra,
});

// A believable pipeline: every status, a few weeks of website enquiries and staff-entered leads.
const DEMO_LEADS: DemoLead[] = [
  // A duplicate pair (the drawer says "Possible duplicate of …"): typed in at a trade fair, then
  // the same person wrote in through the website, before duplicates were caught on arrival.
  {
    first: 'Amelia',
    last: 'Hart',
    company: 'Northwind Outfitters',
    email: 'Amelia.Hart@NorthwindOutfitters.example',
    phone: '+1 (415) 555-0142',
    status: 'contacted',
    daysAgo: 12,
    notes: 'Met at the retail trade fair booth. Interested in a store redesign.',
  },
  {
    first: 'Amelia',
    last: 'Hart',
    company: 'Northwind Outfitters',
    title: 'Head of Digital',
    phone: '+1 415 555 0142',
    status: 'new',
    daysAgo: 0.1,
    web: {
      message:
        'We are replatforming our online store next quarter and need a partner for design and build. Do you work with Shopify Plus?',
      metadata: utm('google', 'cpc', 'ecommerce-2026', {
        gclid: 'Cj0KCQjw-demo-123',
        landing: '/services/ecommerce',
      }),
    },
  },
  {
    first: 'Jonas',
    last: 'Becker',
    company: 'Fjord Analytics',
    title: 'CTO',
    phone: '+49 30 5550 1923',
    status: 'new',
    daysAgo: 0.4,
    web: {
      message:
        'Looking for help with a customer dashboard (React, charts, role-based access). Timeline is about 3 months.',
      metadata: utm('linkedin', 'social', 'dashboards'),
    },
  },
  {
    first: 'Priya',
    last: 'Raman',
    company: 'Lotus Health',
    phone: '+1 646 555 0177',
    status: 'new',
    daysAgo: 1.2,
    web: {
      message: 'Could you send a rough estimate for a patient booking app (iOS + Android)?',
      metadata: utm('newsletter', 'email', 'spring-update', { ref: 'issue-42' }),
    },
  },
  {
    first: 'Tom',
    last: 'Smith',
    company: 'Smith & Daughters Hardware',
    title: 'Owner',
    phone: '+1 503 555 0110',
    status: 'new',
    daysAgo: 2,
    web: {
      message:
        'Our website is ten years old. We would like something that works on phones and lets people check stock.',
      metadata: { ref: 'footer', page: 'contact' },
    },
  },
  {
    first: 'Lucía',
    last: 'Fernández',
    company: 'Casa Verde Hotels',
    title: 'Marketing Director',
    phone: '+34 91 555 0199',
    status: 'new',
    daysAgo: 3,
    notes: 'Met at Web Summit; follow up in Spanish if possible.',
  },
  {
    first: 'Kenji',
    last: 'Watanabe',
    company: 'Sakura Robotics',
    phone: '+81 3 5555 0134',
    status: 'contacted',
    daysAgo: 4,
    web: {
      message: 'We need a marketing site for our new product line, launching in the autumn.',
      metadata: utm('google', 'organic', 'none'),
    },
    comments: [
      'Sent our portfolio and asked for the launch date.',
      'They replied: launch is 14 October. Call booked for Thursday.',
    ],
  },
  {
    first: 'Grace',
    last: 'Okafor',
    company: 'Brightpath Learning',
    title: 'Product Manager',
    phone: '+44 20 7946 0958',
    status: 'contacted',
    daysAgo: 5,
    comments: ['Intro call done. They want an LMS integration; asked for their API docs.'],
  },
  {
    first: 'Oliver',
    last: 'Smithson',
    company: 'Harbour Legal LLP',
    phone: '+44 161 555 0123',
    status: 'contacted',
    daysAgo: 6,
    web: {
      message: 'Please get in touch about an accessibility audit of our client portal.',
      metadata: utm('bing', 'cpc', 'accessibility'),
    },
  },
  {
    first: 'Chloé',
    last: 'Dubois',
    company: 'Atelier Lumière',
    title: 'Founder',
    phone: '+33 1 55 55 01 87',
    status: 'contacted',
    daysAgo: 8,
  },
  {
    first: 'Mateo',
    last: 'Rossi',
    company: 'Trattoria Group',
    phone: '+39 06 5555 0166',
    status: 'contacted',
    daysAgo: 9,
    web: {
      message: 'Online ordering for 12 restaurants — can you help?',
      metadata: utm('facebook', 'social', 'restaurants', { fbclid: 'IwAR-demo-xyz' }),
    },
  },
  {
    first: 'Hannah',
    last: 'Lee',
    company: 'Evergreen Credit Union',
    title: 'VP Member Experience',
    phone: '+1 206 555 0104',
    status: 'no-response',
    daysAgo: 12,
    comments: ['Emailed twice, no answer. Try again next month.'],
  },
  {
    first: 'Samuel',
    last: 'Adeyemi',
    company: 'Kora Payments',
    phone: '+234 1 555 0171',
    status: 'no-response',
    daysAgo: 14,
    web: {
      message: 'Interested in a design system for our apps.',
      metadata: utm('google', 'cpc', 'design-systems'),
    },
  },
  {
    first: 'Ingrid',
    last: 'Larsen',
    company: 'Nordlys Energy',
    phone: '+47 22 55 50 19',
    status: 'no-response',
    daysAgo: 16,
  },
  {
    first: 'Daniel',
    last: 'Cohen',
    company: 'Cohen Architecture',
    title: 'Partner',
    phone: '+1 212 555 0163',
    status: 'no-response',
    daysAgo: 19,
    web: { message: 'Portfolio website with a project map.', metadata: { ref: 'dribbble' } },
  },
  {
    first: 'Aisha',
    last: 'Khan',
    company: 'Meridian Logistics',
    title: 'Director of IT',
    phone: '+971 4 555 0148',
    status: 'negotiation',
    daysAgo: 21,
    notes: 'Budget approved for phase one (fleet tracking web app).',
    comments: [
      'Sent the estimate: 420–510 hours.',
      'They asked to split phase one into two milestones.',
      'Revised proposal sent with two milestones.',
    ],
  },
  {
    first: 'Ethan',
    last: 'Brooks',
    company: 'Summit Outdoor Co.',
    phone: '+1 303 555 0185',
    status: 'negotiation',
    daysAgo: 24,
    web: {
      message: 'We want to rebuild our booking flow for guided tours.',
      metadata: utm('google', 'organic', 'none', { landing: '/case-studies/tours' }),
    },
    comments: ['Contract with their legal team.'],
  },
  {
    first: 'Mei',
    last: 'Chen',
    company: 'Jade Tea House',
    phone: '+852 5555 0129',
    status: 'negotiation',
    daysAgo: 27,
  },
  {
    first: 'Lars',
    last: 'Johansson',
    company: 'Viking Bikes',
    title: 'COO',
    phone: '+46 8 555 016 02',
    status: 'negotiation',
    daysAgo: 30,
    comments: ['Negotiating support hours after launch.'],
  },
  {
    first: 'Sofia',
    last: 'Costa',
    company: 'Atlântico Surf School',
    phone: '+351 21 555 0138',
    status: 'closed',
    daysAgo: 33,
    notes: 'Went with a local agency on price.',
    web: {
      message: 'Small website with lesson booking.',
      metadata: utm('instagram', 'social', 'summer'),
    },
  },
  {
    first: 'Noah',
    last: 'Williams',
    company: 'Williams & Partners',
    phone: '+1 617 555 0191',
    status: 'closed',
    daysAgo: 36,
    comments: ['Project cancelled on their side; keep in touch for next year.'],
  },
  {
    first: 'Emma',
    last: 'Schmidt',
    company: 'Bergwerk Brewing',
    title: 'Brand Manager',
    phone: '+49 89 5555 0112',
    status: 'closed',
    daysAgo: 40,
  },
  {
    first: 'Liam',
    last: "O'Connor",
    company: 'Shamrock Insurance',
    phone: '+353 1 555 0157',
    status: 'closed',
    daysAgo: 44,
    web: {
      message: 'Quote comparison tool for our agents.',
      metadata: utm('google', 'cpc', 'insurance-tools'),
    },
  },
  {
    first: 'Olivia',
    last: 'Martin',
    company: 'Maple Dental Clinics',
    title: 'Operations Lead',
    phone: '+1 416 555 0133',
    status: 'won',
    daysAgo: 47,
    notes: 'Signed: patient portal, 3 clinics.',
    web: {
      message: 'We need online appointment booking across our three clinics.',
      metadata: utm('referral', 'partner', 'dentistry-network', { ref: 'dr-nguyen' }),
    },
    comments: ['Kick-off scheduled.', 'Created the client and project in the portal.'],
  },
  {
    first: 'Ravi',
    last: 'Patel',
    company: 'Spice Route Foods',
    phone: '+44 121 555 0170',
    status: 'won',
    daysAgo: 52,
    comments: ['Signed the SOW for the wholesale ordering site.'],
  },
  {
    first: 'Zoe',
    last: 'Taylor',
    company: 'Taylor Fitness',
    title: 'Founder',
    phone: '+61 2 5550 1286',
    status: 'won',
    daysAgo: 58,
  },
  {
    first: 'Marcus',
    last: 'Johnson',
    company: 'Fulton Street Books',
    phone: '+1 718 555 0145',
    status: 'won',
    daysAgo: 63,
    web: {
      message: 'An online shop for rare books, with a newsletter.',
      metadata: utm('newsletter', 'email', 'winter', { ref: 'issue-37' }),
    },
  },
  {
    first: 'Best',
    last: 'Seo Deals',
    company: 'Top Rank Agency',
    phone: '000',
    status: 'spam',
    daysAgo: 2.5,
    web: {
      message: 'We can get your site to #1 on Google in 7 days!!! Reply now for a free audit.',
      metadata: { utm_source: 'spam', ref: 'bot' },
    },
  },
  {
    first: 'Crypto',
    last: 'Investor',
    company: 'Moon Capital',
    phone: '+1 000 000 0000',
    status: 'spam',
    daysAgo: 10,
    web: { message: 'Guaranteed returns, invest today.', metadata: {} },
  },
  {
    first: 'Beatriz',
    last: 'Santos',
    company: 'Santos Imóveis',
    title: 'Broker',
    phone: '+55 11 5555 0196',
    status: 'new',
    daysAgo: 0.02,
    web: {
      message: 'Real-estate listings site with map search and saved searches.',
      metadata: utm('google', 'cpc', 'real-estate', {
        gclid: 'Cj0KCQjw-demo-456',
        device: 'mobile',
      }),
    },
  },
  {
    first: 'Felix',
    last: 'Wagner',
    company: 'Alpine Ski Rental',
    phone: '+43 1 555 0121',
    status: 'contacted',
    daysAgo: 11,
  },
  {
    first: 'Nora',
    last: 'Berg',
    company: 'Fjell Architects',
    title: 'Partner',
    phone: '+47 21 55 50 44',
    status: 'new',
    daysAgo: 6.5,
  },
  {
    first: 'Yusuf',
    last: 'Demir',
    company: 'Bosphorus Textiles',
    phone: '+90 212 555 0114',
    status: 'negotiation',
    daysAgo: 15,
    web: {
      message: 'B2B catalogue with price lists per customer.',
      metadata: utm('linkedin', 'social', 'b2b'),
    },
  },
  {
    first: 'Isabella',
    last: 'Moreno',
    company: 'Moreno Wines',
    phone: '+54 11 5555 0189',
    status: 'no-response',
    daysAgo: 26,
  },
  {
    first: 'George',
    last: 'Smith',
    company: 'Smith Family Dental',
    phone: '+1 512 555 0150',
    status: 'closed',
    daysAgo: 70,
  },
  {
    first: 'Hana',
    last: 'Novak',
    company: 'Prague Design Week',
    title: 'Producer',
    phone: '+420 2 5555 0117',
    status: 'won',
    daysAgo: 75,
    comments: ['Event site delivered; asking about next year.'],
  },
];

const DAY_MS = 86_400_000;

/** A few dozen leads across every status, some from the website form, some with comments. */
export const seedDemoLeads = async (db: TransactionalExecutor) => {
  const staff = await db
    .select({ id: users.id })
    .from(users)
    .where(eq(users.isSuperuser, true))
    .orderBy(asc(users.id));
  const now = Date.now();
  await db.transaction(async (tx) => {
    for (const demo of DEMO_LEADS) {
      const createdAt = new Date(now - demo.daysAgo * DAY_MS);
      const slug = `${demo.first}.${demo.last}`
        .normalize('NFD')
        .replace(/[^\w.]/g, '')
        .toLowerCase();
      const domain = demo.company.normalize('NFD').replace(/[^\w]/g, '').toLowerCase();
      const [lead] = await tx
        .insert(leads)
        .values({
          firstName: demo.first,
          lastName: demo.last,
          email: demo.email ?? `${slug}@${domain}.example`,
          phone: demo.phone,
          company: demo.company,
          title: demo.title ?? '',
          status: demo.status,
          notes: demo.notes ?? '',
          message: demo.web?.message ?? '',
          metadata: demo.web?.metadata ?? {},
          createdAt,
        })
        .returning({ id: leads.id });
      const thread = demo.comments ?? [];
      if (!lead || thread.length === 0) continue;
      await tx.insert(leadComments).values(
        thread.map((message, i) => ({
          leadId: lead.id,
          message,
          // Alternate between the studio's staff, as a real thread would.
          createdById: staff.length > 0 ? (staff[i % staff.length]?.id ?? null) : null,
          // Spread between the lead's arrival and now, never in the future.
          createdAt: new Date(
            createdAt.getTime() + ((now - createdAt.getTime()) * (i + 1)) / (thread.length + 1),
          ),
        })),
      );
    }
  });
};
