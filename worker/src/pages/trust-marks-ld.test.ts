import { describe, expect, it } from 'vitest';
import { trustMarksLd } from './trust-marks-ld.ts';

describe("a product's trust marks in its JSON-LD", () => {
  it('are certifications with their numbers and issuers; the ingredients stay on the page', () => {
    expect(
      trustMarksLd({
        trust_marks: {
          bpom_number: 'NA18201200456',
          bpom_valid_until: '2028-06-30',
          halal_number: 'ID00410000123450224',
          ingredients: 'Alcohol Denat., Parfum, Aqua',
        },
      }),
    ).toEqual({
      hasCertification: [
        {
          '@type': 'Certification',
          name: 'Notifikasi Kosmetika BPOM',
          certificationIdentification: 'NA18201200456',
          issuedBy: {
            '@type': 'Organization',
            name: 'Badan Pengawas Obat dan Makanan (BPOM)',
            url: 'https://www.pom.go.id/',
          },
          expires: '2028-06-30',
        },
        {
          '@type': 'Certification',
          name: 'Sertifikat Halal',
          certificationIdentification: 'ID00410000123450224',
          issuedBy: { '@type': 'Organization', name: 'Badan Penyelenggara Jaminan Produk Halal (BPJPH)' },
        },
      ],
    });
  });

  it('add nothing to a product without them, or with ingredients only', () => {
    expect(trustMarksLd({ trust_marks: null })).toEqual({});
    expect(
      trustMarksLd({
        trust_marks: { bpom_number: null, bpom_valid_until: null, halal_number: null, ingredients: 'Parfum' },
      }),
    ).toEqual({});
  });
});
