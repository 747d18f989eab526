/**
 * A SQL function that holds a business rule: its current text lives in a file of its own in this
 * folder and is applied after the migrations on every start and migration run
 * (`applyRuleFunctions`), so what the database runs is what the file says; the migrations that
 * created and redefined it keep its history only.
 */
export interface RuleFunction {
  /** The function's name, as `pg_proc` knows it. */
  name: string;
  /** One idempotent `CREATE OR REPLACE FUNCTION … AS $$ body $$` statement. */
  definition: string;
}

/** The body of a rule function, between its `$$` quotes: what PostgreSQL stores as `prosrc`. */
export function ruleFunctionBody(ruleFunction: RuleFunction): string {
  const body = /\$\$([\s\S]*)\$\$/.exec(ruleFunction.definition)?.[1];
  if (body === undefined) throw new Error(`${ruleFunction.name}: its definition has no $$ body`);
  return body;
}
