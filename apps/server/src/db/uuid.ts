const uuidPattern = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;

/** Whether a path id can be a primary key at all: anything else is "not found" without a query. */
export const isUuid = (value: string): boolean => uuidPattern.test(value);
