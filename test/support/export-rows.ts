/**
 * What `summary.csv` names its rows, in the JSON's order: the expected words, written here once
 * for the API test and the browser test (not read from the product, which they check).
 */
export const SUMMARY_ROWS = [
  ['plays', 'Igranja'],
  ['players', 'Različiti igrači'],
  ['playerDays', 'Igrači po danima'],
  ['newPlayers', 'Novi igrači'],
  ['answers', 'Odgovori'],
  ['correct', 'Točni odgovori'],
  ['averageScore', 'Prosječni rezultat'],
  ['accuracy', 'Točnost (%)'],
  ['quizzesIssued', 'Izdani kvizovi'],
  ['completionRate', 'Dovršenost kvizova (%)'],
] as const;
