import { CATALOGUE_PAGE_SIZE, type ProductCategory, type SubCategory, type Tarif } from '../catalogue';
import { type Brand, type Product, type ProductPoint, PRODUCTS_PAGE_SIZE } from '../products';
import type { ResourceMeta } from './meta';

export const brandsMeta = {
  path: 'brands',
  noun: 'cette marque',
  perPage: CATALOGUE_PAGE_SIZE,
  defaultSort: { field: 'NAME', order: 'asc' },
  sortable: ['NAME'],
  export: { fileName: 'marques', title: 'Marques', orientation: 'portrait' },
} as const satisfies ResourceMeta<Brand>;

export const productCategoriesMeta = {
  path: 'categories',
  noun: 'cette catégorie',
  perPage: CATALOGUE_PAGE_SIZE,
  defaultSort: { field: 'Ordre', order: 'asc' },
  sortable: ['CODE_CATEGORIE', 'NAME', 'Ordre'],
  titles: { add: 'Ajouter une catégorie', edit: 'Modifier la catégorie', view: 'Détails de la catégorie' },
  export: { fileName: 'categories', title: 'Catégories de produits', orientation: 'landscape' },
} as const satisfies ResourceMeta<ProductCategory>;

export const productPointsMeta = {
  path: 'showProductPoint',
  noun: 'cette période',
  perPage: CATALOGUE_PAGE_SIZE,
  defaultSort: { field: 'DATE_DEBUT', order: 'desc' },
  sortable: ['PRODUCT_REF', 'LABEL', 'points', 'DATE_DEBUT', 'DATE_FIN'],
  titles: { add: 'Ajouter des points produit', edit: 'Modifier les points produit', view: 'Détails des points produit' },
  export: { fileName: 'points-produits', title: 'Points produits', orientation: 'landscape' },
} as const satisfies ResourceMeta<ProductPoint>;

export const productsMeta = {
  path: 'products',
  noun: 'ce produit',
  perPage: PRODUCTS_PAGE_SIZE,
  defaultSort: { field: 'position', order: 'asc' },
  sortable: ['position', 'REF', 'LABEL', 'CATEGORY_NAME', 'PRICE_HT', 'PRICE_TTC', 'POINTS', 'IS_NEW', 'VISIBLE', 'ORDER_NEW', 'QTE'],
  titles: { add: 'Ajouter un produit', edit: 'Modifier le produit', view: 'Détails du produit' },
  export: { fileName: 'produits', title: 'Produits', orientation: 'landscape' },
} as const satisfies ResourceMeta<Product>;

export const subCategoriesMeta = {
  path: 'sub_categories',
  noun: 'cette gamme',
  perPage: CATALOGUE_PAGE_SIZE,
  defaultSort: { field: 'NAME', order: 'asc' },
  sortable: ['NAME', 'LABEL', 'CODE_CATEGORIE'],
  titles: { add: 'Ajouter une gamme', edit: 'Modifier la gamme', view: 'Détails de la gamme' },
  export: { fileName: 'gammes', title: 'Gammes', orientation: 'landscape' },
} as const satisfies ResourceMeta<SubCategory>;

export const tarifsMeta = {
  path: 'tarifs',
  noun: 'ce tarif',
  perPage: CATALOGUE_PAGE_SIZE,
  defaultSort: { field: 'MSTRDAT', order: 'desc' },
  sortable: ['ARTICLE', 'REMISE', 'MSTRDAT', 'MENDDAT', 'PHT', 'CIRCUIT'],
  titles: { add: 'Ajouter un tarif', edit: 'Modifier le tarif', view: 'Détails du tarif' },
  export: { fileName: 'tarifs', title: 'Tarifs', orientation: 'landscape' },
} as const satisfies ResourceMeta<Tarif>;
