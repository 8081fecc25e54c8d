import { type Column, getTableName, sql, type Table } from 'drizzle-orm';

/**
 * `"table"."column"`, always qualified. Inside `sql` templates Drizzle may print a column bare, which in a
 * correlated subquery silently binds to the inner table (`where "video_id" = "id"`).
 */
export const qualified = (table: Table, column: Column) =>
  sql.raw(`"${getTableName(table)}"."${column.name}"`);
