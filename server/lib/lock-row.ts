/**
 * Takes a parent row's write lock for the rest of the transaction, so that a bound counted and then inserted in that
 * transaction (at most N of something per contact, per company) holds when requests arrive at once: PostgreSQL's
 * read-committed transactions would otherwise both count N − 1 and both insert. An UPDATE that changes nothing works
 * on both databases (on SQLite it takes the database's write lock up front) and fires no trigger (they watch other
 * columns). Only the tables the bounds hang on.
 */
type Tx = { $executeRaw(query: TemplateStringsArray, ...values: unknown[]): Promise<number> };

export async function lockRow(tx: Tx, table: 'Contact' | 'Company', businessId: number, id: number): Promise<void> {
  if (table === 'Contact')
    await tx.$executeRaw`UPDATE "Contact" SET "id" = "id" WHERE "businessId" = ${businessId} AND "id" = ${id}`;
  else await tx.$executeRaw`UPDATE "Company" SET "id" = "id" WHERE "businessId" = ${businessId} AND "id" = ${id}`;
}
