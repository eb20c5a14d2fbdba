import type { GatewayChannel } from '@gi/contracts/gateway-labels';

/** One way into a bank (its ATM, its app, its website) and the steps there. */
export interface PayRoute {
  title: string;
  steps: string[];
}

type BankChannel = Extract<GatewayChannel, 'bca_va' | 'bni_va' | 'bri_va' | 'echannel' | 'permata_va'>;

const NUMBER = 'Masukkan nomor Virtual Account di atas.';
const CHECK = 'Periksa nama toko dan jumlahnya, lalu konfirmasi.';

/** How each bank's customers pay a virtual account (Mandiri: a bill with its biller code). */
export const bankSteps: Record<BankChannel, { bank: string; routes: PayRoute[] }> = {
  bca_va: {
    bank: 'BCA',
    routes: [
      {
        title: 'ATM BCA',
        steps: ['Pilih Transaksi Lainnya → Transfer → ke Rek BCA Virtual Account.', NUMBER, CHECK],
      },
      {
        title: 'BCA mobile (m-BCA)',
        steps: ['Pilih m-Transfer → BCA Virtual Account.', NUMBER, CHECK, 'Masukkan PIN m-BCA.'],
      },
      { title: 'KlikBCA', steps: ['Pilih Transfer Dana → Transfer ke BCA Virtual Account.', NUMBER, CHECK] },
    ],
  },
  bni_va: {
    bank: 'BNI',
    routes: [
      { title: 'ATM BNI', steps: ['Pilih Menu Lain → Transfer → Virtual Account Billing.', NUMBER, CHECK] },
      {
        title: 'wondr by BNI / BNI Mobile Banking',
        steps: ['Pilih Transfer → Virtual Account Billing.', NUMBER, CHECK],
      },
      { title: 'BNI Internet Banking', steps: ['Pilih Transfer → Virtual Account Billing.', NUMBER, CHECK] },
    ],
  },
  bri_va: {
    bank: 'BRI',
    routes: [
      { title: 'ATM BRI', steps: ['Pilih Transaksi Lain → Pembayaran → Lainnya → BRIVA.', NUMBER, CHECK] },
      { title: 'BRImo', steps: ['Pilih Pembayaran → BRIVA.', NUMBER, CHECK] },
      { title: 'Internet Banking BRI', steps: ['Pilih Pembayaran → BRIVA.', NUMBER, CHECK] },
    ],
  },
  echannel: {
    bank: 'Mandiri',
    routes: [
      {
        title: 'ATM Mandiri',
        steps: [
          'Pilih Bayar/Beli → Lainnya → Multi Payment.',
          'Masukkan Kode Perusahaan di atas.',
          'Masukkan Kode Bayar di atas.',
          CHECK,
        ],
      },
      {
        title: "Livin' by Mandiri",
        steps: [
          'Pilih Bayar → cari penyedia jasa dengan Kode Perusahaan di atas.',
          'Masukkan Kode Bayar di atas.',
          CHECK,
        ],
      },
      {
        title: 'Mandiri Internet Banking',
        steps: [
          'Pilih Bayar → Multi Payment → penyedia jasa dengan Kode Perusahaan di atas.',
          'Masukkan Kode Bayar di atas.',
          CHECK,
        ],
      },
    ],
  },
  permata_va: {
    bank: 'Permata',
    routes: [
      {
        title: 'ATM Permata',
        steps: [
          'Pilih Transaksi Lainnya → Pembayaran → Pembayaran Lainnya → Virtual Account.',
          NUMBER,
          CHECK,
        ],
      },
      { title: 'PermataMobile X', steps: ['Pilih Bayar Tagihan → Virtual Account.', NUMBER, CHECK] },
      {
        title: 'PermataNet',
        steps: ['Pilih Pembayaran → Pembayaran Tagihan → Virtual Account.', NUMBER, CHECK],
      },
    ],
  },
};

export const isBankChannel = (channel: GatewayChannel | null): channel is BankChannel =>
  channel !== null && channel in bankSteps;
