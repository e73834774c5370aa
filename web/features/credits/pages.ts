/** The payment pages, loaded lazily as one chunk by the router. */
export { PaymentReturnPage } from './payment-return-page.tsx';
export { TestCheckoutPage } from './test-checkout-page.tsx';
