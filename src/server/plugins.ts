import type { ApolloServerPlugin } from "@apollo/server";
import type { Context } from "../context";
import { QueryTooComplexError, UnauthenticatedError } from "../errors/errors";
import { measure, rootFieldNames } from "./operation-fields";

/** Root fields anyone may ask for: introspection and the federation SDL. */
const PUBLIC_ROOT_FIELDS = new Set(["__schema", "__type", "__typename", "_service"]);

/**
 * Authentication in one place: an operation that selects any root field other than
 * introspection and `_service` (the twenty operations, `_entities`) needs a valid token.
 */
export function authPlugin(): ApolloServerPlugin<Context> {
  return {
    async requestDidStart() {
      return {
        async didResolveOperation({ operation, document, contextValue }) {
          if (contextValue.viewer || !operation) return;
          const fragments = Object.fromEntries(
            document.definitions.flatMap((d) => (d.kind === "FragmentDefinition" ? [[d.name.value, d]] : [])),
          );
          const needsAuth = rootFieldNames(operation.selectionSet, fragments).some((n) => !PUBLIC_ROOT_FIELDS.has(n));
          if (needsAuth) throw new UnauthenticatedError(contextValue.authFailure);
        },
      };
    },
  };
}

/** Refuses documents deeper or larger than the server allows, before any resolver runs. */
export function complexityPlugin(limits: { maxDepth: number; maxFields: number }): ApolloServerPlugin<Context> {
  return {
    async requestDidStart() {
      return {
        async didResolveOperation({ operation, document }) {
          if (!operation) return;
          const fragments = Object.fromEntries(
            document.definitions.flatMap((d) => (d.kind === "FragmentDefinition" ? [[d.name.value, d]] : [])),
          );
          const { depth, fields } = measure(operation.selectionSet, fragments, limits.maxFields);
          if (depth > limits.maxDepth) {
            throw new QueryTooComplexError(`The query is ${depth} levels deep; the limit is ${limits.maxDepth}.`);
          }
          if (fields > limits.maxFields) {
            throw new QueryTooComplexError(`The query selects more than ${limits.maxFields} fields (fragments expanded).`);
          }
        },
      };
    },
  };
}
