import { encodable } from '../../lib/code128.ts';
import { mm, PdfFile } from '../../lib/pdf.ts';
import { fullAddress, orderLabel } from './layout.ts';
import type { DocumentOrder } from './reads.ts';

// The shop's own shipping label (decision 057), 100 × 150 mm: courier and service, the waybill as
// a Code 128 barcode, sender, recipient and order number. The aggregator's label, when the
// courier wants its own, is the courier's; this one serves every booking and a zone's parcel.

/** The sender as the label prints it: the seller of 'Faktur' and the shop's phone. */
export interface Sender {
  name: string;
  phone: string;
  address: string;
}

export async function shippingLabelsPdf(documents: DocumentOrder[], sender: Sender): Promise<Uint8Array> {
  const file = await PdfFile.create('Label Pengiriman');
  for (const { order, courier, service, waybill } of documents) {
    const page = file.page('label');
    const left = page.margin;
    const width = page.inner;
    let y = page.margin;
    page.box(left, y, width, mm(14));
    page.text(courier ?? 'Kurir', left + 6, y + 6, { size: 16, bold: true });
    page.text(service ?? '', left, y + 9, { size: 10, align: 'right' }, width - 6);
    y += mm(14) + 6;

    if (waybill && encodable(waybill)) {
      page.barcode(waybill, left, y, width, mm(20));
      y += mm(20) + 3;
      page.text(`Resi: ${waybill}`, left, y, { size: 11, bold: true, align: 'center' });
    } else {
      page.text('Resi belum ada', left, y + mm(8), { size: 11, bold: true, align: 'center' });
      y += mm(20) + 3;
    }
    y += 20;

    page.rule(y);
    page.text('Penerima', left, y + 5, { size: 8, bold: true });
    page.text(order.customer_name, left, y + 16, { size: 12, bold: true });
    y = page.paragraph(
      [order.customer_phone, fullAddress(order)].filter(Boolean).join('\n'),
      left,
      y + 32,
      width,
      { size: 10 },
    );
    y += 6;

    page.rule(y);
    page.text('Pengirim', left, y + 5, { size: 8, bold: true });
    page.text(sender.name, left, y + 15, { size: 9, bold: true });
    y = page.paragraph([sender.phone, sender.address].filter(Boolean).join('\n'), left, y + 27, width, {
      size: 8,
    });
    y += 6;

    page.rule(y);
    const units = order.order_items.reduce((sum, item) => sum + item.quantity, 0);
    const weight = order.shipping_weight_grams ? ` · ${order.shipping_weight_grams} gram` : '';
    page.text(`${orderLabel(order)} · ${units} barang${weight}`, left, y + 6, { size: 9, bold: true });
  }
  return file.save();
}
