// The replies of a first screen's queries, written into its page (shared/first-replies.ts): the screen's first render
// is then the finished page. Called through appRouter's caller of the page's own request, so each reply is exactly what
// the procedure answers that session (its tenancy and client-visibility rules included), and nothing else.
import superjson from 'superjson';
import type { FirstQuery } from '../../shared/first-replies';

type Procedure = (input: unknown) => Promise<unknown>;

/**
 * superjson of [path, input, reply][] for the queries that answered; one that fails (a permission, a record gone) is
 * left out, and the screen asks for it itself and shows its own error. Undefined when none answered.
 */
export async function pageReplies(caller: object, queries: readonly FirstQuery[]) {
  const settled = await Promise.allSettled(
    queries.map(([path, input]) => {
      const procedure = path.split('.').reduce<unknown>((node, key) => (node as Record<string, unknown>)[key], caller);
      return (procedure as Procedure)(input);
    }),
  );
  const replies = queries.flatMap(([path, input], i) => {
    const outcome = settled[i];
    return outcome.status === 'fulfilled' ? [[path, input, outcome.value] as const] : [];
  });
  return replies.length ? superjson.serialize(replies) : undefined;
}
