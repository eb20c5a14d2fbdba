import { type Paper, PdfFile } from '../../lib/pdf.ts';
import { fullAddress, orderLabel, sizeOf, wibDateTime } from './layout.ts';
import type { DocumentOrder } from './reads.ts';

// The packing slip (decisions 045, 057): what goes in the box, one order a page, on A4 or on a
// 100 × 150 mm label. Never a price: a gift's recipient must not see what it cost.

export async function packingSlipsPdf(documents: DocumentOrder[], paper: Paper): Promise<Uint8Array> {
  const file = await PdfFile.create('Slip Pengemasan');
  const small = paper === 'label';
  const size = small ? 8 : 10;
  const step = size * 1.35;
  for (const { order, courier, service, waybill } of documents) {
    const page = file.page(paper);
    const left = page.margin;
    const width = page.inner;
    let y = page.margin;
    page.text('Slip Pengemasan', left, y, { size: small ? 12 : 16, bold: true });
    y += small ? 16 : 22;
    page.text(`${orderLabel(order)} · ${wibDateTime(order.created_at)}`, left, y, { size });
    y += step + 4;

    page.text('Penerima', left, y, { size, bold: true });
    y += step;
    page.text([order.customer_name, order.customer_phone].filter(Boolean).join(' · '), left, y, { size });
    y = page.paragraph(fullAddress(order), left, y + step, width, { size });
    y += 4;
    page.text(`Kurir: ${[courier, service].filter(Boolean).join(' · ') || '-'}`, left, y, { size });
    y += step;
    page.text(`Resi: ${waybill ?? 'belum ada'}`, left, y, { size, bold: true });
    y += step + 4;

    page.rule(y);
    y += 4;
    const sizeX = left + width * 0.65;
    const qtyWidth = 30;
    page.text('Produk', left, y, { size, bold: true });
    page.text('Ukuran', sizeX, y, { size, bold: true });
    page.text('Qty', left, y, { size, bold: true, align: 'right' });
    y += step;
    for (const item of order.order_items) {
      const top = y;
      y = page.paragraph(item.product_name, left, y, sizeX - left - 6, { size });
      page.text(sizeOf(item), sizeX, top, { size });
      page.text(
        String(item.quantity),
        left + width - qtyWidth,
        top,
        { size, bold: true, align: 'right' },
        qtyWidth,
      );
    }
    page.rule(y + 2);
    y += 8;
    const units = order.order_items.reduce((sum, item) => sum + item.quantity, 0);
    page.text(`Jumlah barang: ${units}`, left, y, { size });
    y += step;
    if (order.gift_wrap) {
      page.text('Bungkus sebagai kado.', left, y, { size, bold: true });
      y += step;
    }
    if (order.gift_message) {
      page.text('Pesan hadiah', left, y + 4, { size, bold: true });
      page.paragraph(order.gift_message, left + 8, y + 4 + step, width - 16, { size });
    }
  }
  return file.save();
}
