// /docs: the OpenAPI spec rendered without any third-party code.
import { esc, t } from "./common.js";

// a word of the page as HTML: its own text escaped, its fields given as markup
function html(code, parts) {
  return esc(t(code)).replace(/\{(\w+)\}/g, (m, k) => (k in parts ? String(parts[k]) : m));
}

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
      const params = (op.parameters || []).map((p) => `<li>${html(p.required ? "web.apidocs.param.required" : "web.apidocs.param",
        { name: `<code>${esc(p.name)}</code>`, where: esc(p.in), type: esc(typeOf(spec, p.schema)) })}</li>`).join("");
      const body = op.requestBody?.content?.["application/json"]?.schema;
      const codes = Object.keys(op.responses || {}).join(", ");
      out.push(`<section class="panel"><h2><code>${esc(method.toUpperCase())} ${esc(path)}</code></h2>
        <p>${esc(op.summary || "")}</p>${op.security ? `<p class='hint'>${esc(t("web.apidocs.token"))}</p>` : ""}
        ${params ? `<h3>${esc(t("web.apidocs.parameters"))}</h3><ul>${params}</ul>` : ""}
        ${body ? `<h3>${esc(t("web.apidocs.body", { type: typeOf(spec, body) }))}</h3>${fields(spec, body)}` : ""}
        <p class="hint">${esc(t("web.apidocs.answers", { codes }))}</p></section>`);
    }
  }
  document.getElementById("ops").innerHTML = out.join("");
}

main().catch((err) => { document.getElementById("ops").textContent = String(err); });
