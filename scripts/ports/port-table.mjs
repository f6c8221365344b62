// The text of a ports table that a seed migration loads (1764300000000-ports.tsv,
// 1764720000000-harbours.tsv beside the migrations; readPortTable() in
// 1764300000000-ports.data.ts parses it). A plain tab-separated file:
//
//   # comment lines (what generated it, from which sources, the columns)
//   @regions <TAB> Mediterranean <TAB> Caribbean ...   names the region column indexes
//   @types <TAB> commercial_port <TAB> harbour ...      names the type column indexes
//   @country <TAB> AE <TAB> United Arab Emirates        one line per country code
//   aeajm <TAB> Ajman <TAB> AE <TAB> ...                one line per port, in seed order
//
// No field may hold a tab or a line break (the generator's clean() removes them).

/** The file's text: comments, the lists, then the rows (each already tab-joined), ending with a line break. */
export const formatPortTable = ({ comments, regions, types, countries, rows }) => {
  for (const line of rows) if (/[\n\r]/.test(line) || line.startsWith('#') || line.startsWith('@')) throw new Error(`port table: bad row "${line.slice(0, 80)}"`);
  const lines = [
    ...comments.map((comment) => (comment === '' ? '#' : `# ${comment}`)),
    ['@regions', ...regions].join('\t'),
    ['@types', ...types].join('\t'),
    ...Object.entries(countries).map(([code, name]) => `@country\t${code}\t${name}`),
    ...rows,
  ];
  return `${lines.join('\n')}\n`;
};
