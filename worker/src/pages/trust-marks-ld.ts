import type { ProductDetail } from '@gi/contracts';

const BPOM = {
  '@type': 'Organization',
  name: 'Badan Pengawas Obat dan Makanan (BPOM)',
  url: 'https://www.pom.go.id/',
};
const BPJPH = { '@type': 'Organization', name: 'Badan Penyelenggara Jaminan Produk Halal (BPJPH)' };

/**
 * A product's trust marks (decision 043) as schema.org's `hasCertification`: the BPOM
 * notification and the halal certificate, each with its number (`certificationIdentification`)
 * and issuer. The ingredients have no Product property that fits and stay on the page only.
 */
export function trustMarksLd(product: Pick<ProductDetail, 'trust_marks'>): Record<string, unknown> {
  const marks = product.trust_marks;
  const certifications = [
    ...(marks?.bpom_number
      ? [
          {
            '@type': 'Certification',
            name: 'Notifikasi Kosmetika BPOM',
            certificationIdentification: marks.bpom_number,
            issuedBy: BPOM,
            ...(marks.bpom_valid_until ? { expires: marks.bpom_valid_until } : {}),
          },
        ]
      : []),
    ...(marks?.halal_number
      ? [
          {
            '@type': 'Certification',
            name: 'Sertifikat Halal',
            certificationIdentification: marks.halal_number,
            issuedBy: BPJPH,
          },
        ]
      : []),
  ];
  return certifications.length > 0 ? { hasCertification: certifications } : {};
}
