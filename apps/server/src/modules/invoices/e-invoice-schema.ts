/**
 * The e-invoice JSON schema (FORM GST INV-01, schema version 1.1) as NIC publishes it, and the same
 * schema made machine-checkable.
 *
 * einvoice-schema-1.1.json is NIC's "GST-India Invoice Document" JSON schema ("GST Invoice format for
 * IRN Generation in INDIA", draft-07) for the Generate IRN API of the Invoice Registration Portal
 * (https://einv-apisandbox.nic.in, "Generate IRN" request payload; the field table is INV-01 as
 * notified by CBIC, Notification 60/2020-Central Tax of 30 July 2020). It is kept exactly as
 * published, its slips included, so it can be compared with NIC's text line by line. Provenance of
 * this copy: docs/decisions/013-e-invoice.md.
 *
 * As published it is not a schema a validator can apply: the document's fields sit at the top level
 * instead of under `properties`, lists are written as `[ item schema ]`, a few keys and values carry
 * stray spaces or capitals ("AddlDocDtls ", "type": " number", "String"), two patterns use the
 * Java/.NET inline flag `(?i)`, and RefDtls lists PrecDocDtls' required fields among its properties.
 * `inv01ValidationSchema()` repairs exactly these, each one named below, and changes nothing else:
 * every type, length, range, enum, pattern and required list is NIC's.
 */
import { readFileSync } from 'node:fs';

type Json = null | boolean | number | string | Json[] | { [key: string]: Json };
type JsonObject = { [key: string]: Json };

/** Where the published schema is kept (beside this file). */
export const INV01_SCHEMA_FILE = new URL('./einvoice-schema-1.1.json', import.meta.url);

/** NIC's schema as published. */
export function publishedInv01Schema(): JsonObject {
  return JSON.parse(readFileSync(INV01_SCHEMA_FILE, 'utf8')) as JsonObject;
}

const isObject = (value: Json | undefined): value is JsonObject => typeof value === 'object' && value !== null && !Array.isArray(value);

/** The keywords at the top of the published file that describe the schema rather than a field. */
const HEADER_KEYS = new Set(['$schema', 'Title', 'Description', 'required']);

/**
 * One schema node, repaired:
 * 1. keys and string values of `type` lose stray spaces ("AddlDocDtls ", "type ": "object ");
 * 2. `type` is lower case ("String" → "string");
 * 3. `[ item schema ]` (a list in NIC's notation) becomes `{ type: 'array', items: item schema }`;
 * 4. a pattern's leading `(?i)` (case-insensitive, a flag JavaScript has no inline form of) is
 *    dropped: the same field's `enum` already fixes the exact upper-case values;
 * 5. entries of `required` lose stray spaces (" InvStDt ").
 */
function repair(node: Json): Json {
  if (Array.isArray(node)) {
    // Rule 3: NIC writes "a list of these" as an array holding the one item schema.
    if (node.length === 1 && isObject(node[0])) return { type: 'array', items: repair(node[0]) };
    return node.map(repair);
  }
  if (!isObject(node)) return node;
  const out: JsonObject = {};
  for (const [rawKey, value] of Object.entries(node)) {
    const key = rawKey.trim();
    if (key === 'type' && typeof value === 'string') out.type = value.trim().toLowerCase();
    else if (key === 'pattern' && typeof value === 'string') out.pattern = value.replace(/^\(\?i\)/, '');
    else if (key === 'required' && Array.isArray(value)) out.required = value.map((entry) => (typeof entry === 'string' ? entry.trim() : entry));
    else if (key === 'properties' && isObject(value)) {
      const properties: JsonObject = {};
      for (const [name, schema] of Object.entries(value)) properties[name.trim()] = repair(schema);
      out.properties = properties;
    } else out[key] = repair(value);
  }
  return out;
}

/**
 * NIC's INV-01 schema as a JSON Schema (draft-07) a validator applies: the published file with the
 * repairs of `repair` and these two of structure:
 * - the top-level fields go under `properties` of an object with the published `required` list;
 * - RefDtls' stray `"required": ["InvNo", "InvDt"]`, written among its properties right after
 *   PrecDocDtls, is PrecDocDtls' (those are its fields): it is moved onto PrecDocDtls' items.
 */
export function inv01ValidationSchema(): JsonObject {
  const published = publishedInv01Schema();
  const properties: JsonObject = {};
  for (const [key, value] of Object.entries(published)) {
    if (!HEADER_KEYS.has(key)) properties[key.trim()] = repair(value);
  }
  const refDtls = properties.RefDtls;
  if (isObject(refDtls) && isObject(refDtls.properties)) {
    const { required: stray, ...rest } = refDtls.properties;
    const preceding = rest.PrecDocDtls;
    if (Array.isArray(stray) && isObject(preceding) && isObject(preceding.items)) {
      preceding.items.required = stray;
      refDtls.properties = rest;
    }
  }
  return {
    $schema: 'http://json-schema.org/draft-07/schema#',
    title: String(published.Title ?? '').trim(),
    description: String(published.Description ?? ''),
    type: 'object',
    properties,
    required: published.required ?? [],
  };
}
