import type { App } from '../../../server/types.js';

/** One API operation as the OpenAPI document describes it: the sweeps cover whatever the server serves. */
export interface Endpoint {
  method: 'GET' | 'POST' | 'PATCH' | 'PUT' | 'DELETE';
  /** The path with `{param}` placeholders, e.g. /api/history/{kind}. */
  path: string;
  pathParams: Array<{ name: string; values: string[] }>;
  query: string[];
  /** Text fields the route's body declares (or its form description names). */
  fields: string[];
  /** File fields named in the route's form description ("image (file)"). */
  files: string[];
}

const writeMethods = new Set(['POST', 'PATCH', 'PUT', 'DELETE']);

/** Known values of path parameters whose schema does not enumerate them (the contract's history kinds). */
const knownPathValues: Record<string, string[]> = {
  kind: ['diagnosis', 'lab', 'medicines', 'continuous_medications', 'surgeries', 'chronic_disease', 'genetic_disease'],
};

export function listEndpoints(app: App): Endpoint[] {
  const doc = app.swagger() as { paths: Record<string, Record<string, any>> };
  const endpoints: Endpoint[] = [];
  for (const [path, operations] of Object.entries(doc.paths)) {
    for (const [method, op] of Object.entries(operations)) {
      const parameters: any[] = op.parameters ?? [];
      const described = /Form fields: (.*)$/.exec(String(op.description ?? ''))?.[1] ?? '';
      // A body declared with zod lists its fields (files as binary strings); older routes name them in words.
      const declared = Object.entries<any>(op.requestBody?.content?.['multipart/form-data']?.schema?.properties ?? {});
      const named = [...described.split(/,\s*/).filter(Boolean), ...declared.map(([name, schema]) => (schema?.format === 'binary' ? `${name} (file)` : name))];
      endpoints.push({
        method: method.toUpperCase() as Endpoint['method'],
        path,
        pathParams: parameters
          .filter((p) => p.in === 'path')
          .map((p) => ({
            name: p.name,
            values: p.schema?.enum?.length ? p.schema.enum.map(String) : (knownPathValues[p.name] ?? ['6078afb1fb33703fe4a1414a']),
          })),
        query: parameters.filter((p) => p.in === 'query').map((p) => p.name),
        fields: named.filter((n) => !/\(file/.test(n)).map((n) => n.split(' ')[0]),
        files: named.filter((n) => /\(file/.test(n)).map((n) => n.split(' ')[0]),
      });
    }
  }
  return endpoints;
}

export const isWrite = (e: Endpoint) => writeMethods.has(e.method);

/** Every concrete URL of an endpoint: each enumerated path value, plus one the server does not know. */
export function concretePaths(e: Endpoint): string[] {
  let paths = [e.path];
  for (const param of e.pathParams) {
    paths = paths.flatMap((p) => [...param.values, 'not-a-real-value'].map((v) => p.replace(`{${param.name}}`, encodeURIComponent(v))));
  }
  return paths;
}

export const label = (e: Endpoint) => `${e.method} ${e.path}`;
