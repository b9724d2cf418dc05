/** /api/openapi.json, generated from the routes declared with `route()` and their zod schemas. */
import { z } from 'zod';
import type { RouteRecord } from './http.ts';
import { VERSION } from './routes/auth.ts';

function schemaOf(s: z.ZodType): unknown {
  try {
    return z.toJSONSchema(s, { io: 'input', unrepresentable: 'any' });
  } catch {
    return {};
  }
}

export function openApiDocument(routes: RouteRecord[]): unknown {
  const paths: Record<string, Record<string, unknown>> = {};
  for (const r of routes) {
    const path = r.url.replace(/:(\w+)/g, '{$1}');
    const params = [...r.url.matchAll(/:(\w+)/g)].map((m) => ({ name: m[1], in: 'path', required: true, schema: { type: 'string' } }));
    const op: Record<string, unknown> = {
      summary: r.summary,
      'x-access': r.access,
      parameters: params,
      security: r.access === 'public' ? [] : [{ session: [] }],
      responses: {
        200: { description: r.raw ? 'the answer' : 'envelope {code: 0, result} or {code, message}', content: { 'application/json': { schema: { type: 'object', properties: { code: { type: 'integer' }, result: {}, message: { type: 'string' } } } } } },
        401: { description: "{code: 401, message: 'Not logged in yet, please log in and try again'}" },
      },
    };
    if (r.query) {
      const js = schemaOf(r.query) as { properties?: Record<string, unknown> };
      for (const [name, schema] of Object.entries(js.properties ?? {})) (op.parameters as unknown[]).push({ name, in: 'query', schema });
    }
    if (r.binaryBody) op.requestBody = { content: { 'application/octet-stream': { schema: { type: 'string', format: 'binary' } } } };
    else if (r.body) op.requestBody = { content: { 'application/json': { schema: schemaOf(r.body) } } };
    (paths[path] ??= {})[r.method.toLowerCase()] = op;
  }
  return {
    openapi: '3.1.0',
    info: { title: 'Copperplate API', version: VERSION, description: 'See docs/API.md. Writes need header X-CSRF-Token equal to cookie cp_csrf.' },
    components: { securitySchemes: { session: { type: 'apiKey', in: 'cookie', name: 'cp_session' } } },
    paths,
  };
}
