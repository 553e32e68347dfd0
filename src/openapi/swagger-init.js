// Starts Swagger UI on the OpenAPI document of this server. A separate file
// (not an inline script) so the page works under a strict Content-Security-Policy.
// Every request "Try it out" sends carries X-Requested-With: the admin calls then answer a 401
// with the scheme `KvizBasic`, which browsers leave alone, instead of `Basic`, whose sign-in
// dialog never opens for a script's request and left the call hanging on LOADING.
window.addEventListener('load', () => {
  window.ui = window.SwaggerUIBundle({
    url: '/openapi/json',
    dom_id: '#swagger-ui',
    deepLinking: true,
    requestInterceptor: (request) => {
      request.headers['X-Requested-With'] = 'XMLHttpRequest';
      return request;
    },
  });
});
