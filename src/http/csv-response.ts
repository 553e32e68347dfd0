/** A CSV file as an attachment (the admin exports, docs/decisions/019): its name says what it holds. */
export const csvResponse = (file: { name: string; body: string }) =>
  new Response(file.body, {
    headers: {
      'content-type': 'text/csv; charset=utf-8',
      'content-disposition': `attachment; filename="${file.name}"`,
    },
  });
