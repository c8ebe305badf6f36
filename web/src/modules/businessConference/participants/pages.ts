import { lazy, type ComponentType, type LazyExoticComponent } from 'react';
import { withStrings } from '../../../i18n';

const page = (load: () => Promise<{ default: ComponentType }>) => lazy(withStrings(['businessConference'], load));

/**
 * Pages of the participants area in the module area (/module/{client}/{event}/businessConference/{page}), keyed by the
 * page suffix of the access matrix: the organizer's review of offerers and demanders, the participants' company
 * profile, products and catalogue pages (offer, demand and offer_demand menus), and the support staff's catalogue.
 */
export const participantsPages: Record<string, LazyExoticComponent<ComponentType>> = {
  '/myOffer': page(() => import('./ReviewPage').then((m) => ({ default: m.OfferReviewPage }))),
  '/myDemand': page(() => import('./ReviewPage').then((m) => ({ default: m.DemandReviewPage }))),
  // offer role
  '/offer/productCatalog': page(() => import('./MyProductsPage')),
  '/offer/companyProfile': page(() => import('./CompanyProfilePage')),
  // demand role
  '/demand/productCatalog': page(() => import('./CataloguePage').then((m) => ({ default: m.CatalogueView }))),
  '/demand/participants': page(() => import('./CataloguePage').then((m) => ({ default: m.CompaniesView }))),
  '/demand/companyProfile': page(() => import('./CompanyProfilePage')),
  // One catalogue product with its company (ModulePage matches the ':id' segment; offer_demand's too).
  '/demand/product/:id': page(() => import('./ProductDetailPage')),
  // The offerer's own product as the catalogue shows it (reached from its product page).
  '/offer/product/:id': page(() => import('./ProductDetailPage')),
  // offer_demand groups
  '/offer/company': page(() => import('./CompanyProfilePage')),
  '/offer/productCatalogue': page(() => import('./MyProductsPage')),
  '/demand/company': page(() => import('./CompanyProfilePage')),
  '/demand/products': page(() => import('./CataloguePage').then((m) => ({ default: m.CatalogueView }))),
  // support staff's extra page
  '/support/offer/productCatalog': page(() => import('./CataloguePage').then((m) => ({ default: m.SupportCatalogueView }))),
};
