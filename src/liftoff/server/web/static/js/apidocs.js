// /docs: the OpenAPI spec rendered without any third-party code.
import { esc } from "./common.js";

function ref(spec, schema) {
  if (schema && schema.$ref) return spec.components.schemas[schema.$ref.split("/").pop()];
  return schema;
}

function typeOf(spec, schema) {
  schema = schema || {};
  if (schema.$ref) return schema.$ref.split("/").pop();
  if (schema.anyOf) return schema.anyOf.map((s) => typeOf(spec, s)).join(" | ");
  if (schema.type === "array") return `${typeOf(spec, schema.items)}[]`;
  if (schema.enum) return schema.enum.map((v) => JSON.stringify(v)).join(" | ");
  return schema.type || "any";
}

function fields(spec, schema) {
  const s = ref(spec, schema);
  if (!s || !s.properties) return "";
  const req = new Set(s.required || []);
  return `<table class="end-scores"><tbody>${Object.entries(s.properties).map(([name, p]) =>
    `<tr><td><code>${esc(name)}</code>${req.has(name) ? " *" : ""}</td><td>${esc(typeOf(spec, p))}</td>
     <td>${esc(p.description || p.title || "")}</td></tr>`).join("")}</tbody></table>`;
}

async function main() {
  const spec = await (await fetch("/openapi.json")).json();
  const out = [];
  for (const [path, ops] of Object.entries(spec.paths)) {
    for (const [method, op] of Object.entries(ops)) {
      const params = (op.parameters || []).map((p) =>
        `<li><code>${esc(p.name)}</code> (${esc(p.in)}${p.required ? ", required" : ""}): ${esc(typeOf(spec, p.schema))}</li>`).join("");
      const body = op.requestBody?.content?.["application/json"]?.schema;
      const codes = Object.keys(op.responses || {}).join(", ");
      out.push(`<section class="panel"><h2><code>${esc(method.toUpperCase())} ${esc(path)}</code></h2>
        <p>${esc(op.summary || "")}</p>${op.security ? "<p class='hint'>Needs the seat token.</p>" : ""}
        ${params ? `<h3>Parameters</h3><ul>${params}</ul>` : ""}
        ${body ? `<h3>Body: ${esc(typeOf(spec, body))}</h3>${fields(spec, body)}` : ""}
        <p class="hint">Answers: ${esc(codes)}</p></section>`);
    }
  }
  document.getElementById("ops").innerHTML = out.join("");
}

main().catch((err) => { document.getElementById("ops").textContent = String(err); });
