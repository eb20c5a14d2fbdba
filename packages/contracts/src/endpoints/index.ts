// Every endpoint of the API, by resource (decision 031). The Worker answers each with its
// handler (worker/src/routes); the browser's client (../api.ts) is typed from them.
export * as areas from './areas.ts';
export * as contact from './contact.ts';
export * as content from './content.ts';
export * as customerService from './customer-service.ts';
export * as health from './health.ts';
export * as settings from './settings.ts';
