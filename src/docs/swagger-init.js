// Starts Swagger UI on the OpenAPI document of this server. A separate file
// (not an inline script) so the page works under a strict Content-Security-Policy.
window.addEventListener('load', () => {
  window.ui = window.SwaggerUIBundle({ url: '/openapi/json', dom_id: '#swagger-ui', deepLinking: true });
});
