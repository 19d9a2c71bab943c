// The vendored AdCP 3.1.19 JSON schemas (fixtures/adcp, see its README) in one
// Ajv instance, addressed by their $id: validateAdcp("media-buy/get-products-response.json", body).
import { readdirSync, readFileSync } from "node:fs";
import { join } from "node:path";
import { fileURLToPath } from "node:url";
import Ajv, { type ValidateFunction } from "ajv";
import addFormats from "ajv-formats";

export const ADCP_VERSION = "3.1.19";
const ROOT = join(fileURLToPath(new URL(".", import.meta.url)), "fixtures", "adcp", ADCP_VERSION);

function jsonFiles(dir: string): string[] {
  return readdirSync(dir, { withFileTypes: true }).flatMap((entry) =>
    entry.isDirectory()
      ? jsonFiles(join(dir, entry.name))
      : entry.name.endsWith(".json")
        ? [join(dir, entry.name)]
        : [],
  );
}

let ajv: Ajv | undefined;
const compiled = new Map<string, ValidateFunction>();

function instance(): Ajv {
  if (!ajv) {
    // strict off: AdCP schemas carry annotations Ajv does not know (x-entity, enumDescriptions, notes)
    ajv = new Ajv({ strict: false, allErrors: true, validateFormats: true });
    addFormats(ajv);
    for (const file of jsonFiles(ROOT)) ajv.addSchema(JSON.parse(readFileSync(file, "utf8")) as object);
  }
  return ajv;
}

/** Validates `value` against the AdCP schema `/schemas/3.1.19/<name>`; returns Ajv's errors (empty when valid). */
export function adcpErrors(name: string, value: unknown): string[] {
  const id = `/schemas/${ADCP_VERSION}/${name}`;
  let validate = compiled.get(id);
  if (!validate) {
    validate = instance().getSchema(id);
    if (!validate) throw new Error(`no vendored AdCP schema ${id}`);
    compiled.set(id, validate);
  }
  return validate(value)
    ? []
    : (validate.errors ?? []).map(
        (error) => `${error.instancePath || "/"} ${error.message ?? ""} ${JSON.stringify(error.params)}`,
      );
}
