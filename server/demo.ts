/** The demo agency that `npm run seed` creates; the sign-in screen offers its account while it exists unchanged. */
export const DEMO = { slug: 'demo', email: 'admin@demo.test', password: 'clientflow-demo' } as const;
