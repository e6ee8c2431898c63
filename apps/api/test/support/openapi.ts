/** Reading the API's OpenAPI document in tests: its schemas, and a value each accepts. */
export interface Schema {
  type?: string | string[];
  properties?: Record<string, Schema>;
  required?: string[];
  items?: Schema;
  anyOf?: Schema[];
  oneOf?: Schema[];
  allOf?: Schema[];
  enum?: unknown[];
  const?: unknown;
  format?: string;
  minimum?: number;
  exclusiveMinimum?: number;
  maximum?: number;
  minLength?: number;
  maxLength?: number;
  minItems?: number;
  pattern?: string;
  default?: unknown;
  $ref?: string;
}

/** `components()`: the document's component schemas (read when the document has been fetched). */
export function openApiReader(components: () => Record<string, Schema>) {
  const resolve = (s: Schema | undefined): Schema => {
    if (!s) return {};
    if (s.$ref) return resolve(components()[s.$ref.split('/').pop() ?? '']);
    if (s.allOf?.length) return resolve(s.allOf[0]);
    return s;
  };
  const typeOf = (s: Schema) => (Array.isArray(s.type) ? s.type.find((x) => x !== 'null') : s.type);

  /** A value the schema accepts, as far as a simple reading of it goes. */
  function sample(schema: Schema | undefined, depth = 0): unknown {
    const s = resolve(schema);
    if (s.const !== undefined) return s.const;
    if (s.enum?.length) return s.enum[0];
    const alt = s.anyOf ?? s.oneOf;
    if (alt?.length) return sample(alt.find((a) => resolve(a).type !== 'null') ?? alt[0], depth);
    switch (typeOf(s)) {
      case 'object': {
        const out: Record<string, unknown> = {};
        if (depth > 6) return out;
        for (const [k, v] of Object.entries(s.properties ?? {})) out[k] = sample(v, depth + 1);
        return out;
      }
      case 'array':
        return Array.from({ length: Math.max(1, s.minItems ?? 1) }, () => sample(s.items, depth + 1));
      case 'integer':
        return Math.max(1, Math.ceil(s.minimum ?? (s.exclusiveMinimum ?? 0) + 1));
      case 'number':
        return Math.max(1, s.minimum ?? 1);
      case 'boolean':
        return true;
      case 'string':
        if (s.format === 'date') return '2024-03-01';
        if (s.format === 'date-time') return '2024-03-01T10:00:00.000Z';
        if (s.format === 'email') return 'fuzz@example.tn';
        if (s.format === 'uuid') return '00000000-0000-4000-8000-000000000000';
        return 'Fuzz'.padEnd(Math.max(4, s.minLength ?? 0), 'z').slice(0, s.maxLength ?? 1000);
      default:
        return 'Fuzz';
    }
  }

  return { resolve, typeOf, sample };
}
