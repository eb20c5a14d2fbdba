import {
  CHALLENGE_FAILED,
  CHALLENGE_REQUIRED,
  formatRupiah,
  MAX_SAVED_ADDRESSES,
  type OrderDetail,
  orderCreateSchema,
  type PaymentOptions,
  type SavedAddress,
  SHIPPING_QUOTE_CHANGED,
  type ShippingQuote,
  type ShippingQuoteOption,
  shortOrderId,
} from '@gi/contracts';
import { api } from '@gi/contracts/api';
import { ApiError } from '@gi/contracts/client';
import type { PaymentChannel } from '@gi/contracts/gateway-labels';
import { formatSize, NOT_SIGNED_IN, publicProductsKey } from '@gi/contracts/web';
import { Link, useMutation, useQuery, useQueryClient } from '@gi/platform';
import { errorMessage, useSession } from '@gi/session';
import { type AddressValue, buttonClass, emptyAddress, Field, toast, toastError, useZodForm } from '@gi/ui';
import { type FormEvent, useCallback, useEffect, useMemo, useRef, useState } from 'react';
import type { z } from 'zod';
import frame from '../../shared/fieldset.module.css';
import { orderKeys } from '../../shared/order-keys.ts';
import { type CodChoice, offeredChannels, PaymentMethods } from '../../shared/payment-methods.tsx';
import { useSecurityCheck } from '../../shared/security-check.tsx';
import { AddressPicker, fromSaved } from '../addresses/address-picker.tsx';
import { addressesQuery, storeAddress } from '../addresses/api.ts';
import { type CartItem, cartCount, cartTotal } from '../cart/cart-store.ts';
import { SavedMarketingConsent } from '../marketing/consent.tsx';
import { myOrdersQuery } from '../orders/api.ts';
import {
  orderItems,
  paymentOptionsQuery,
  postalCodeRefusal,
  postalReady,
  quoteKey,
  quoteQuery,
} from './api.ts';
import styles from './checkout-form.module.css';
import { clearDraft, readDraft, writeDraft } from './draft.ts';
import { useGift } from './gift-options.tsx';
import { NoPaymentNeeded, useNothingToPay } from './no-payment.tsx';
import { CREDIT_NOTE, isCreditRefusal, useSampleCredit } from './sample-credit.ts';
import { ShippingOptions } from './shipping-options.tsx';
import { isVoucherRefusal, useVoucher } from './voucher-field.tsx';
import { useWhatsAppOptIn } from './whatsapp-opt-in.tsx';

interface CheckoutFormProps {
  /** The cart's lines at the prices the browser knows; the order's real total comes back from the server. */
  items: CartItem[];
  onBack: () => void;
  /** The order placed with its first payment attempt: the shopper goes on to pay it. */
  onOrdered: (order: OrderDetail) => void;
}

/**
 * What the shopper fills in: the order's own schema without the lines, which come from the cart.
 * Its paths are the API's ('customer.postalCode'), so the server's field messages land on their fields.
 */
const orderFormSchema = orderCreateSchema.omit({ items: true });

/** Said by the services when the server's courier quote no longer holds (decision 032). */
const QUOTE_CHANGED = 'Ongkos kirim berubah, silakan pilih ulang';

/** The API's refusals past the limits on orders (decision 023): unpaid per account or address, per hour. */
const LIMIT_CODES = new Set(['unpaid_limit', 'too_many_orders']);

type Submission = z.output<typeof orderFormSchema> & {
  key: string;
  /** Save the address to the address book first (a new one, or the picked one updated). */
  save: { id: string | null } | null;
  turnstileToken?: string;
};

/** The message by the button after a refused submit, for a screen reader too. */
const refusal = (problems: string[]) =>
  problems.length === 1
    ? `Periksa kembali: ${problems[0]}`
    : `Periksa kembali ${problems.length} isian yang ditandai.`;

/**
 * 'Informasi Pengiriman' (product.md §5) with the delivery address in parts, a shipping service
 * and the way to pay (issue 37): sends product ids, quantities, the address, the service id and
 * the payment channel only. On a wide screen the summary and 'Buat Pesanan' stay in view beside.
 */
/**
 * Why COD cannot be chosen for this courier option and total (decision 034), or null: it needs a
 * courier's live rate whose service the aggregator marks for COD, and a total within the
 * admin's limit. The server refuses the same (409 payment_not_available).
 */
function codUnavailable(
  cod: NonNullable<PaymentOptions['cod']>,
  option: ShippingQuoteOption | undefined,
  subtotalAndShipping: number,
): string | null {
  if (!option) return 'Pilih layanan pengiriman untuk melihat apakah COD tersedia';
  if (!option.courier?.cod) return `Tidak tersedia untuk ${option.name}`;
  if (cod.max_order_value > 0 && subtotalAndShipping + cod.fee > cod.max_order_value) {
    return `Hanya untuk pesanan sampai ${formatRupiah(cod.max_order_value)}`;
  }
  return null;
}

export function CheckoutForm({ items, onBack, onOrdered }: CheckoutFormProps) {
  const { user } = useSession();
  const client = useQueryClient();
  const lines = items.map(({ id, variantId, quantity }) => ({ id, variantId, quantity }));
  const estimatedTotal = cartTotal(items);
  // What this shopper typed before Back, Forward or a reload comes back (draft.ts).
  const [draft] = useState(() => readDraft(user?.id));
  /** The server's refusal past the limits on orders, shown by the button with a link to the orders. */
  const [limit, setLimit] = useState('');
  /**
   * Why the server asked for the security check (its network has many unpaid orders, decision 036):
   * the widget shows by the button until the order goes through.
   */
  const [challenge, setChallenge] = useState('');
  const check = useSecurityCheck('checkout', challenge !== '');
  const [address, setAddress] = useState<AddressValue>(
    () => draft?.address ?? emptyAddress(user?.name ?? ''),
  );
  const [email, setEmail] = useState(draft?.email ?? user?.email ?? '');
  const [savedId, setSavedId] = useState(draft?.savedId ?? '');
  const [saveAddress, setSaveAddress] = useState(draft?.saveAddress ?? false);
  const [serviceId, setServiceId] = useState(draft?.serviceId ?? '');
  const [channel, setChannel] = useState<PaymentChannel | ''>(draft?.paymentChannel ?? '');
  const [quote, setQuote] = useState<ShippingQuote | null>(null);
  const saved = useQuery({ ...addressesQuery, enabled: user !== null });
  const paymentOptions = useQuery({ ...paymentOptionsQuery, enabled: user !== null });
  const whatsapp = useWhatsAppOptIn(paymentOptions.data?.whatsapp);

  // The last way this customer paid is chosen again while the shop still offers it; a choice
  // the shop no longer offers is dropped, so the shopper picks anew.
  useEffect(() => {
    const options = paymentOptions.data;
    if (!options) return;
    const offered = offeredChannels(options);
    if (options.cod) offered.add('cod');
    setChannel((current) => {
      if (current !== '') return offered.has(current) ? current : '';
      return options.last_channel && offered.has(options.last_channel) ? options.last_channel : '';
    });
  }, [paymentOptions.data]);

  // A courier's option is bound to the server's quote: the order names it, never a price.
  const quoteId = quote?.options.find((o) => o.id === serviceId)?.courier ? quote.quoteId : null;
  const { districtCode, postalCode } = address;
  const voucher = useVoucher(
    lines,
    useMemo(
      () =>
        serviceId
          ? {
              districtCode,
              postalCode,
              shippingServiceId: serviceId,
              ...(quoteId ? { shippingQuoteId: quoteId } : {}),
            }
          : null,
      [districtCode, postalCode, serviceId, quoteId],
    ),
    draft?.voucherCode,
  );
  const gift = useGift(draft?.gift ?? null);
  const sampleCredit = useSampleCredit(items, user !== null);
  /** The server's word when a credit went elsewhere meanwhile: said by the button. */
  const [creditRefusal, setCreditRefusal] = useState('');
  const voucherCode = voucher.applied?.voucher_code;
  const giftValue = gift.value;
  const giftDraft = gift.draft;

  useEffect(() => {
    if (user)
      writeDraft({
        userId: user.id,
        email,
        address,
        savedId,
        saveAddress,
        serviceId,
        paymentChannel: channel,
        voucherCode: voucherCode ?? '',
        gift: giftDraft,
      });
  }, [user, email, address, savedId, saveAddress, serviceId, channel, voucherCode, giftDraft]);

  const values = useMemo(
    () => ({
      customer: { ...address, customerEmail: email },
      shippingServiceId: serviceId,
      ...(quoteId ? { shippingQuoteId: quoteId } : {}),
      paymentChannel: channel,
      ...(voucherCode ? { voucherCode } : {}),
      ...(giftValue ? { gift: giftValue } : {}),
    }),
    [address, email, serviceId, quoteId, channel, voucherCode, giftValue],
  );
  const { errors, setErrors, parse, errorsIn } = useZodForm(orderFormSchema, { values });
  // The quote ShippingOptions asks (one cache entry): its refusal of the postal code shows on the field.
  const quoteAnswer = useQuery({
    ...quoteQuery(address.districtCode, address.postalCode, lines),
    enabled: postalReady(address.districtCode, address.postalCode),
  });
  const postalRefusal = postalCodeRefusal(quoteAnswer.error);
  const addressErrors = errorsIn('customer');

  // After a refused submit the first field to mend takes the focus (and the screen, on a phone),
  // and the message by the button says why: the messages of that submit, not what is left of them.
  const formRef = useRef<HTMLFormElement>(null);
  const [refused, setRefused] = useState({ count: 0, message: '' });
  const shownRefusal = useRef(0);
  useEffect(() => {
    if (refused.count === shownRefusal.current) return;
    shownRefusal.current = refused.count;
    setRefused({ count: refused.count, message: refusal(Object.values(errors)) });
    const field = formRef.current?.querySelector<HTMLElement>(
      '[aria-invalid="true"], [aria-describedby="shipping-error"] input, #shipping-error, #payment-error',
    );
    field?.focus({ preventScroll: true });
    field?.scrollIntoView({ block: 'center' });
  }, [refused.count, errors]);

  // The account's name and email fill empty fields once the session is known.
  useEffect(() => {
    if (!user) return;
    setEmail((current) => current || user.email);
    setAddress((current) => (current.customerName ? current : { ...current, customerName: user.name }));
  }, [user]);

  // The default saved address fills the form once, when the book arrives (not over a draft).
  const [prefilled, setPrefilled] = useState(draft !== null);
  useEffect(() => {
    if (prefilled || !saved.data) return;
    setPrefilled(true);
    const preferred = saved.data.find((a) => a.isDefault);
    if (preferred) {
      setSavedId(preferred.id);
      setAddress(fromSaved(preferred));
    }
  }, [prefilled, saved.data]);

  // One key per attempt at this exact order: a double click or a retry after a lost
  // answer returns the same order; a changed cart, address or service is a new attempt.
  // Kept in state, not useMemo: React may drop a memo and a retry would create a second order.
  const [attempt, setAttempt] = useState({ signature: '', key: '' });

  const createOrder = useMutation({
    mutationFn: async ({
      customer,
      shippingServiceId,
      shippingQuoteId,
      paymentChannel,
      voucherCode,
      gift,
      key,
      save,
      turnstileToken,
    }: Submission) => {
      if (save) {
        const { customerEmail: _email, ...fields } = customer;
        await storeAddress({ ...fields, isDefault: false }, save.id).then(
          () => client.invalidateQueries({ queryKey: addressesQuery.queryKey }),
          (err: unknown) => toastError(errorMessage(err, 'Gagal menyimpan alamat')),
        );
      }
      return api('POST /orders', {
        headers: { 'idempotency-key': key },
        body: {
          items: orderItems(lines),
          customer,
          shippingServiceId,
          shippingQuoteId,
          paymentChannel,
          ...(voucherCode ? { voucherCode } : {}),
          ...(gift ? { gift } : {}),
          ...(turnstileToken ? { turnstileToken } : {}),
          ...whatsapp.field,
        },
      });
    },
    // A token is good for one request, whatever its answer.
    onSettled: (_order, _err, { turnstileToken }) => {
      if (turnstileToken) check.spend();
    },
    onSuccess: (order) => {
      client.invalidateQueries({ queryKey: myOrdersQuery.queryKey });
      // The answer is the order's detail with its payment: the order page shows it without a fetch.
      client.setQueryData(orderKeys.detail(order.id), order);
      toast({
        title: 'Pesanan berhasil dibuat',
        description: `Pesanan #${shortOrderId(order.id)} menunggu pembayaran.`,
      });
      clearDraft();
      onOrdered(order);
    },
    onError: (err) => {
      // The server's word on the address or service (e.g. no delivery to this area) is the useful one.
      if (err instanceof ApiError && (err.code === CHALLENGE_REQUIRED || err.code === CHALLENGE_FAILED)) {
        setChallenge(err.message);
      } else if (err instanceof ApiError && LIMIT_CODES.has(err.code)) {
        // Too many open orders: the way out is in the shopper's orders, so say it by the button.
        setLimit(err.message);
      } else if (
        err instanceof ApiError &&
        (err.code === 'out_of_stock' || err.code === 'over_order_limit')
      ) {
        // Back to the lines, refreshed: each says what is left of its size, or its maximum per order.
        void client.invalidateQueries({ queryKey: publicProductsKey });
        toastError(err.message);
        onBack();
      } else if (isVoucherRefusal(err)) {
        // The code was used up (or ended) meanwhile: nothing was placed; say why under 'Kode Voucher'.
        voucher.refuse(err);
        toastError(err.message);
      } else if (isCreditRefusal(err)) {
        // A credit was used by another order (or expired) meanwhile: nothing was placed; show the new total.
        sampleCredit.refresh();
        setCreditRefusal(err.message);
        toastError(err.message);
      } else if (err instanceof ApiError && err.code === SHIPPING_QUOTE_CHANGED) {
        // The courier's price moved (or the quote is another parcel's): ask again and let the shopper choose.
        void client.invalidateQueries({ queryKey: quoteKey });
        setErrors({ shippingServiceId: QUOTE_CHANGED });
        toastError(QUOTE_CHANGED);
      } else if (err instanceof ApiError && (err.status < 500 || err.status === 503)) {
        // 503: many orders waiting for payment, or the payment service cannot be reached.
        setErrors(err.fields);
        toastError(errorMessage(err, 'Gagal membuat pesanan. Silakan coba lagi.'));
      } else {
        toastError('Gagal membuat pesanan. Silakan coba lagi.');
      }
    },
  });

  function onSubmit(event: FormEvent<HTMLFormElement>) {
    event.preventDefault();
    if (createOrder.isPending) return;
    setLimit('');
    setCreditRefusal('');
    if (!user) return toastError(NOT_SIGNED_IN);
    if (lines.length === 0) return toastError('Keranjang belanja kosong');
    const order = parse();
    const bookFull = saveAddress && !savedId && (saved.data?.length ?? 0) >= MAX_SAVED_ADDRESSES;
    if (bookFull) setErrors((found) => ({ ...found, saveAddress: 'Buku alamat sudah penuh' }));
    if (!order || bookFull) return setRefused((current) => ({ count: current.count + 1, message: '' }));
    setRefused((current) => ({ ...current, message: '' }));
    const signature = JSON.stringify([lines, order]);
    const key = attempt.signature === signature ? attempt.key : crypto.randomUUID();
    setAttempt({ signature, key });
    createOrder.mutate({
      ...order,
      key,
      save: saveAddress ? { id: savedId || null } : null,
      ...(check.token ? { turnstileToken: check.token } : {}),
    });
  }

  const onPickSaved = (picked: SavedAddress | null) => {
    setSavedId(picked?.id ?? '');
    setAddress(picked ? fromSaved(picked) : emptyAddress(user?.name ?? ''));
  };
  const onQuote = useCallback((next: ShippingQuote | null) => setQuote(next), []);
  const option = quote?.options.find((o) => o.id === serviceId);
  const fee = option?.fee;
  const subtotal = quote?.subtotal ?? estimatedTotal;
  const discount = voucher.applied?.discount_amount ?? 0;
  const credit = sampleCredit.amount(subtotal, voucher.applied);
  const beforeCod = subtotal - discount - credit + (fee ?? 0) + gift.wrapFee;
  const codOffer = paymentOptions.data?.cod;
  const cod: CodChoice | undefined = codOffer
    ? { fee: codOffer.fee, unavailable: codUnavailable(codOffer, option, beforeCod) }
    : undefined;
  const codFee = channel === 'cod' && cod && !cod.unavailable ? cod.fee : 0;
  // Another courier or cart that COD cannot take drops the choice: the shopper picks again.
  const codBlocked = cod?.unavailable != null;
  useEffect(() => {
    if (codBlocked) setChannel((current) => (current === 'cod' ? '' : current));
  }, [codBlocked]);
  const nothingToPay = useNothingToPay(fee === undefined ? undefined : beforeCod + codFee, setChannel);

  return (
    <form
      ref={formRef}
      className={styles.form}
      onSubmit={onSubmit}
      noValidate
      aria-labelledby="checkout-title"
    >
      <div className={styles.header}>
        <button type="button" className={buttonClass.secondary} onClick={onBack}>
          ← Kembali
        </button>
        <h2 id="checkout-title">Informasi Pengiriman</h2>
      </div>
      <div className={styles.main}>
        <Field
          label="Email"
          name="customerEmail"
          type="email"
          autoComplete="email"
          value={email}
          onChange={(event) => setEmail(event.target.value)}
          error={errors['customer.customerEmail']}
          required
        />
        <AddressPicker
          value={address}
          onChange={setAddress}
          errors={
            postalRefusal && !addressErrors.postalCode
              ? { ...addressErrors, postalCode: postalRefusal }
              : addressErrors
          }
          book={{ saved: saved.data ?? [], savedId, onPickSaved }}
        >
          <label className={styles.check}>
            <input type="checkbox" checked={saveAddress} onChange={(e) => setSaveAddress(e.target.checked)} />
            {savedId ? 'Simpan perubahan alamat ini' : 'Simpan alamat ini ke buku alamat'}
          </label>
          {errors.saveAddress && <p className={styles.error}>{errors.saveAddress}</p>}
        </AddressPicker>
        <SavedMarketingConsent />
        <ShippingOptions
          districtCode={address.districtCode}
          postalCode={address.postalCode}
          lines={lines}
          value={serviceId}
          onChange={setServiceId}
          onQuote={onQuote}
          error={errors.shippingServiceId}
        />
        {gift.field(errors)}
        {voucher.field}
        {nothingToPay ? (
          <NoPaymentNeeded />
        ) : paymentOptions.data ? (
          <PaymentMethods
            options={paymentOptions.data}
            cod={cod}
            value={channel}
            onChange={setChannel}
            legend="Cara Pembayaran"
            name="paymentChannel"
            error={errors.paymentChannel}
            errorId="payment-error"
          />
        ) : (
          <fieldset
            className={frame.fieldset}
            aria-describedby={errors.paymentChannel ? 'payment-error' : undefined}
          >
            <legend>Cara Pembayaran</legend>
            {paymentOptions.isError ? (
              <p className={styles.error} role="alert">
                Gagal memuat cara pembayaran.{' '}
                <button type="button" className={styles.retry} onClick={() => void paymentOptions.refetch()}>
                  Coba lagi
                </button>
              </p>
            ) : (
              <p className={styles.muted}>Memuat cara pembayaran...</p>
            )}
            {errors.paymentChannel && (
              <p id="payment-error" className={styles.error}>
                {errors.paymentChannel}
              </p>
            )}
          </fieldset>
        )}
        {whatsapp.box}
      </div>
      <div className={styles.side}>
        <section className={styles.summary} aria-labelledby="checkout-summary-title">
          <h3 id="checkout-summary-title">Ringkasan Pesanan</h3>
          <ul className={styles.items}>
            {items.map((item) => (
              <li key={item.variantId}>
                <span>
                  {item.name} <span className={styles.muted}>{formatSize(item.sizeMl)}</span>
                  <br />
                  <span className={`${styles.muted} ${styles.money}`}>
                    {item.quantity} × {formatRupiah(item.price)}
                  </span>
                </span>
                <span className={styles.money}>{formatRupiah(item.price * item.quantity)}</span>
              </li>
            ))}
          </ul>
          {/* The one total: the order's own figures, which the server computes again (decision 015). */}
          <dl className={styles.breakdown}>
            <div>
              <dt>Subtotal ({cartCount(items)} item)</dt>
              <dd className={styles.money}>{formatRupiah(subtotal)}</dd>
            </div>
            <div>
              <dt>Ongkos Kirim</dt>
              <dd className={styles.money}>{fee === undefined ? 'Pilih layanan' : formatRupiah(fee)}</dd>
            </div>
            {discount > 0 && (
              <div>
                <dt>Diskon ({voucher.applied?.voucher_code})</dt>
                <dd className={styles.money}>-{formatRupiah(discount)}</dd>
              </div>
            )}
            {credit > 0 && (
              <div>
                <dt>Kredit Sampel</dt>
                <dd className={styles.money}>-{formatRupiah(credit)}</dd>
                <dd className={styles.creditNote}>{CREDIT_NOTE}</dd>
              </div>
            )}
            {gift.value?.wrap && (
              <div>
                <dt>Bungkus kado</dt>
                <dd className={styles.money}>{gift.wrapFee > 0 ? formatRupiah(gift.wrapFee) : 'Gratis'}</dd>
              </div>
            )}
            {codFee > 0 && (
              <div>
                <dt>Biaya COD</dt>
                <dd className={styles.money}>{formatRupiah(codFee)}</dd>
              </div>
            )}
            <div className={styles.total}>
              <dt>Total Pembayaran</dt>
              <dd className={styles.money}>{formatRupiah(beforeCod + codFee)}</dd>
            </div>
          </dl>
        </section>
        {createOrder.isPaused ? (
          <p className={styles.offline} role="status">
            Koneksi internet terputus. Pesanan Anda akan dikirim otomatis begitu koneksi kembali; jangan tutup
            halaman ini.
          </p>
        ) : (
          refused.message &&
          Object.keys(errors).length > 0 && (
            <p className={styles.error} role="alert">
              {refused.message}
            </p>
          )
        )}
        {limit && (
          <div className={styles.limit} role="alert">
            <p>{limit}</p>
            <Link to="/account/orders">Lihat Pesanan Saya</Link>
          </div>
        )}
        {creditRefusal && (
          <p className={styles.error} role="alert">
            {creditRefusal}
          </p>
        )}
        {challenge && (
          <div className={styles.limit} role="alert">
            <p>{challenge}</p>
            {check.widget}
          </div>
        )}
        <button
          type="submit"
          className={buttonClass.primary}
          disabled={createOrder.isPending || check.waiting}
        >
          {createOrder.isPaused
            ? 'Menunggu koneksi...'
            : createOrder.isPending
              ? 'Memproses...'
              : 'Buat Pesanan'}
        </button>
      </div>
    </form>
  );
}
