import type { csCategories, csPriorities } from '@gi/contracts';

export const categoryLabels: Record<(typeof csCategories)[number], string> = {
  general: 'Umum',
  technical: 'Teknis',
  billing: 'Tagihan',
  complaint: 'Keluhan',
  suggestion: 'Saran',
};

export const priorityLabels: Record<(typeof csPriorities)[number], string> = {
  low: 'Rendah',
  medium: 'Sedang',
  high: 'Tinggi',
  urgent: 'Mendesak',
};

/** The Indonesian label of a stored value; a value outside the list shows as stored. */
export function labelOf(labels: Record<string, string>, value: string): string {
  return labels[value] ?? value;
}
