import * as resources from '@gi/contracts/endpoints';
import type { EndpointDefinition } from '@gi/contracts/endpoints/define';

/**
 * Every endpoint definition of the contracts package, keyed by its route as the router spells it
 * (`POST /api/orders/:id/cancel`), with its name (`orders.cancel`).
 */
export const definitions = new Map<string, { name: string; definition: EndpointDefinition }>(
  Object.entries(resources).flatMap(([resource, endpoints]) =>
    Object.entries(endpoints as Record<string, EndpointDefinition>).map(
      ([name, definition]) =>
        [
          `${definition.method.toUpperCase()} /api${definition.path.replace(/\{(\w+)\}/g, ':$1')}`,
          { name: `${resource}.${name}`, definition },
        ] as const,
    ),
  ),
);
