/**
 * The dashboard's heading, the same element in the first frame (server-filled, app/placeholders.tsx) and on the page,
 * so that the page's first render replaces it with an identical one: the largest text of the screen paints with the
 * HTML, not after the scripts.
 */
export function DashboardGreeting({ greeting, firstName }: { greeting: string; firstName: string }) {
  // One text node, as the server's HTML has it: three (greeting, comma, name) measure a hair larger, and the browser
  // would count the page's own heading as a new, later largest paint.
  return <h1 className="text-2xl font-bold tracking-tight text-slate-900">{`${greeting}, ${firstName}`}</h1>;
}
