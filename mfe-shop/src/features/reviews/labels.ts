import type { ReviewOccasion, ReviewProjection } from '@gi/contracts';

export const projectionLabels: Record<ReviewProjection, string> = {
  dekat: 'Dekat',
  sedang: 'Sedang',
  kuat: 'Kuat',
};

export const occasionLabels: Record<ReviewOccasion, string> = {
  kantor: 'Kantor',
  malam: 'Malam',
  acara: 'Acara',
  'sehari-hari': 'Sehari-hari',
};
