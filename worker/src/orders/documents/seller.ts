import type { Db } from '../../db/client.ts';
import { readInvoiceSettings, readSiteSettings } from '../../settings/rows.ts';
import type { Seller } from './invoice.ts';
import type { Sender } from './shipping-label.ts';

/** Until the admin saves 'Faktur', the documents name the shop and its contact address. */
const SHOP_NAME = 'PT. Global Imperium';

/** The invoice's seller and the label's sender, from 'Faktur' and the contact settings. */
export async function sellerOf(db: Db): Promise<{ seller: Seller; sender: Sender }> {
  const [invoice, site] = await Promise.all([readInvoiceSettings(db), readSiteSettings(db)]);
  const seller: Seller = invoice ?? {
    companyName: SHOP_NAME,
    npwp: null,
    address: site.contactAddress,
    tax: 'included',
  };
  return {
    seller,
    sender: { name: seller.companyName, phone: site.contactPhone1, address: seller.address },
  };
}
