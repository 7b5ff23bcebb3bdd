import { Kind, parse, visit, type ASTNode, type Source } from "graphql";
import type { FieldViolation } from "./errors";

/**
 * Where variable `name` is used in the document of a variable error, as an argument path:
 * `createX(input: $i)` gives "input", `createX(input: { name: $n })` gives "input.name".
 * Undefined when the document is not at hand or the variable is not used in an argument.
 */
export function variableUsagePath(error: unknown, name: string): string | undefined {
  const e = error as
    { source?: Source; nodes?: readonly ASTNode[]; originalError?: { source?: Source; nodes?: readonly ASTNode[] } } | undefined;
  const source = e?.source ?? e?.nodes?.[0]?.loc?.source ?? e?.originalError?.source ?? e?.originalError?.nodes?.[0]?.loc?.source;
  if (!source) return undefined;
  let found: string | undefined;
  try {
    visit(parse(source), {
      Variable(node, _key, parent, _path, ancestors) {
        if (found || node.name.value !== name) return;
        const names: string[] = [];
        // the innermost holder (an Argument or ObjectField) is `parent`, not among the ancestors
        for (const a of [...ancestors, parent] as ASTNode[]) {
          if (!a || Array.isArray(a)) continue;
          if (a.kind === Kind.ARGUMENT) names.splice(0, names.length, a.name.value);
          else if (a.kind === Kind.OBJECT_FIELD) names.push(a.name.value);
          else if (a.kind === Kind.VARIABLE_DEFINITION) return;
        }
        if (names.length > 0) found = names.join(".");
      },
    });
  } catch {
    return undefined;
  }
  return found;
}

/**
 * graphql-js refuses a variable that does not fit its type before any resolver runs, with a
 * message that quotes the submitted value (`Variable "$input" got invalid value "..." at
 * "input.items[0].count"; Float cannot represent non numeric value: "..."`). The contract wants
 * such errors as validationErrors with a dotted path and no echo of the input; this rebuilds one
 * from the message's structure (variable, path, the type that refused it), dropping the value.
 */
export function variableViolation(message: string): FieldViolation | undefined {
  const missing = /^Variable "\$(\w+)" of required type "([^"]+)" was not provided\.$/.exec(message);
  if (missing) return { field: missing[1], constraints: { isDefined: `${missing[1]} of type ${missing[2]} is required` } };

  const head = /^Variable "\$(\w+)" got invalid value /.exec(message);
  if (!head) return undefined;
  const variable = head[1];
  let field = variable;
  let inner: string;
  const marker = ` at "${variable}`;
  const at = message.lastIndexOf(marker);
  const pathEnd = at >= 0 ? message.indexOf('"; ', at + marker.length) : -1;
  if (at >= 0 && pathEnd >= 0) {
    // `input.items[0].count` as validationErrors write it: `input.items.0.count`
    field = message.slice(at + 5, pathEnd).replace(/\[(\d+)\]/g, ".$1");
    inner = message.slice(pathEnd + 3);
  } else {
    inner = message.slice(message.lastIndexOf("; ") + 2);
  }

  const required = /^Field "(\w+)" of required type "([^"]+)" was not provided\.$/.exec(inner);
  if (required)
    return { field: `${field}.${required[1]}`, constraints: { isDefined: `${required[1]} of type ${required[2]} is required` } };
  const unknown = /^Field "(\w+)" is not defined by type "(\w+)"/.exec(inner);
  if (unknown) return { field: `${field}.${unknown[1]}`, constraints: { isKnown: `${unknown[1]} is not a field of ${unknown[2]}` } };
  const type = /^(\w+) cannot represent/.exec(inner)?.[1] ?? /in "(\w+)" enum/.exec(inner)?.[1] ?? /^Expected type "(\w+)/.exec(inner)?.[1];
  const leaf = field.split(".").pop();
  return { field, constraints: { isType: type ? `${leaf} must be a valid ${type}` : `${leaf} has a value of the wrong type` } };
}
