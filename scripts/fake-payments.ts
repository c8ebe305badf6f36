// Local card providers for development (`npm run fake:payments`, beside `npm start`): the test fakes of Culqi and
// the merchant provider on fixed ports, so the checkout can be tried without the internet or real keys. Their test
// tokens decide each outcome (test/support/fake-culqi.ts, fake-merchant.ts), and the merchant fake also serves the
// stand-in for its browser checkout script (MERCHANT_CHECKOUT_URL). The keys below are fakes' keys only.
import { startFakeCulqi } from '../test/support/fake-culqi.js';
import { startFakeMerchant } from '../test/support/fake-merchant.js';

const culqi = await startFakeCulqi({
  port: Number(process.env.FAKE_CULQI_PORT ?? 4010),
  secretKey: process.env.FAKE_CULQI_SECRET_KEY ?? 'sk_test_aforo_local',
});
const merchant = await startFakeMerchant({
  port: Number(process.env.FAKE_MERCHANT_PORT ?? 4011),
  credentials: { user: 'aforo-local', password: process.env.FAKE_MERCHANT_PASSWORD ?? 'aforo-local' },
  webhookSecret: process.env.FAKE_MERCHANT_WEBHOOK_SECRET ?? 'whsec_aforo_local',
});
console.log(`Culqi local: ${culqi.url} (llave secreta ${culqi.secretKey}; tokens tkn_test_ok_<x>, tkn_test_decline_<código>_<hex>, tkn_test_fail_<x>)`);
console.log(`Pasarela "merchant" local: ${merchant.url} (comercio ${merchant.merchantId}, usuario aforo-local; tokens ntk_ok_<x>, ntk_decline_<código>_<hex>, ntk_fail_<x>)`);
console.log(`  su formulario para el navegador: MERCHANT_CHECKOUT_URL=${merchant.checkoutUrl} (tarjeta 4111 1111 1111 1111 paga, 4000 0300 0000 0009 sin fondos)`);
for (const sig of ['SIGINT', 'SIGTERM'] as const) {
  process.on(sig, () => void Promise.all([culqi.close(), merchant.close()]).then(() => process.exit(0)));
}
