/**
 * PostgreSQL array literals for the set-based statements (`unnest($1::text[], …)`): a whole batch's
 * column bound as one parameter, so a batch of any size is one statement.
 */

/** Numbers as an array literal (`{1,2,3}`). */
export const numberArray = (values: readonly number[]): string => `{${values.join(',')}}`;

/** Strings as an array literal, each element quoted (commas, quotes, backslashes and braces survive). */
export const textArray = (values: readonly string[]): string =>
  `{${values.map((v) => `"${v.replace(/[\\"]/g, (c) => `\\${c}`)}"`).join(',')}}`;
