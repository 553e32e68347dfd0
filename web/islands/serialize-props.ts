/**
 * An island's props as the text of its JSON data block. Inside <script> the JSON must not be able
 * to close the tag or open a comment (`</script>`, `<!--`), so every `<` is escaped; U+2028/2029
 * are escaped too, for parsers that still treat them as line ends. JSON.parse reads it unchanged.
 */
export function serializeProps(props: unknown): string {
  return JSON.stringify(props)
    .replace(/</g, '\\u003c')
    .replace(/\u2028/g, '\\u2028')
    .replace(/\u2029/g, '\\u2029');
}
