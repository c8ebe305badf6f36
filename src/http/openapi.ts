import { z } from 'zod';
import { routeRegistry } from './route.js';

/** OpenAPI 3.1 document generated from the zod schemas every route declares. */
export function openApiDocument(): Record<string, unknown> {
  const paths: Record<string, Record<string, unknown>> = {};
  for (const def of routeRegistry) {
    const path = `/api/v2${def.path.replace(/:(\w+)\??/g, '{$1}')}`;
    const parameters: unknown[] = [];
    const addParams = (schema: z.ZodType | undefined, where: 'path' | 'query') => {
      if (!schema) return;
      const json = toJson(schema) as { properties?: Record<string, unknown>; required?: string[] };
      for (const [name, s] of Object.entries(json.properties ?? {})) {
        parameters.push({ name, in: where, required: where === 'path' || (json.required ?? []).includes(name), schema: s });
      }
    };
    addParams(def.params, 'path');
    addParams(def.query, 'query');
    const operation: Record<string, unknown> = {
      summary: def.summary,
      tags: [def.tag],
      parameters,
      security: def.auth === 'none' ? [] : [{ cookieAuth: [] }, { bearerAuth: [] }],
      responses: {
        [String(def.successStatus ?? 200)]: {
          description: 'OK',
          ...(def.response ? { content: { 'application/json': { schema: toJson(def.response) } } } : {}),
        },
        default: { description: 'Error', content: { 'application/json': { schema: { $ref: '#/components/schemas/Error' } } } },
      },
    };
    if (def.body) operation.requestBody = { required: true, content: { 'application/json': { schema: toJson(def.body) } } };
    paths[path] ??= {};
    paths[path][def.method] = operation;
  }
  return {
    openapi: '3.1.0',
    info: { title: 'Aforo API', version: '2.0.0' },
    servers: [{ url: '/' }],
    paths,
    components: {
      securitySchemes: {
        cookieAuth: { type: 'apiKey', in: 'cookie', name: 'aforo_token' },
        bearerAuth: { type: 'http', scheme: 'bearer', bearerFormat: 'JWT' },
      },
      schemas: {
        Error: {
          type: 'object',
          required: ['status', 'message', 'messagePublic'],
          properties: { status: { type: 'integer' }, message: { type: 'string' }, messagePublic: { type: 'string' } },
        },
      },
    },
  };
}

function toJson(schema: z.ZodType): unknown {
  try {
    return z.toJSONSchema(schema, { io: 'input', unrepresentable: 'any' });
  } catch {
    return {};
  }
}
