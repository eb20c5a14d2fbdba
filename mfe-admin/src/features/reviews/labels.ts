import type { ReviewOccasion, ReviewProjection, ReviewStatus, WearTest } from '@gi/contracts';

export const reviewStatusLabels: Record<ReviewStatus, string> = {
  pending: 'Menunggu Moderasi',
  published: 'Terbit',
  hidden: 'Disembunyikan',
};

const projectionLabels: Record<ReviewProjection, string> = {
  dekat: 'dekat',
  sedang: 'sedang',
  kuat: 'kuat',
};

const occasionLabels: Record<ReviewOccasion, string> = {
  kantor: 'Kantor',
  malam: 'Malam',
  acara: 'Acara',
  'sehari-hari': 'Sehari-hari',
};

/** The wear-test in one line: 'Tahan 8 jam · Proyeksi sedang · Kantor, Malam · Dipakai saat panas dan lembap'. */
export function wearTestLine(test: WearTest): string {
  return [
    `Tahan ${test.hours} jam`,
    `Proyeksi ${projectionLabels[test.projection]}`,
    test.occasions.map((o) => occasionLabels[o]).join(', '),
    test.heat ? 'Dipakai saat panas dan lembap' : 'Tidak dicoba saat panas dan lembap',
  ]
    .filter(Boolean)
    .join(' · ');
}
