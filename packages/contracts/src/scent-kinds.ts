// A product's concentrations and genders without their labels (scent.ts): the catalogue's URL
// parsing (api-paths.ts), on every page, checks them; the labels load with the pages that show them.
export const concentrations = ['EDT', 'EDP', 'Parfum', 'Extrait'] as const;
export type Concentration = (typeof concentrations)[number];

export const genders = ['pria', 'wanita', 'unisex'] as const;
export type Gender = (typeof genders)[number];
