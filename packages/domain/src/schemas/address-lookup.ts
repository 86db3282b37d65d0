/**
 * The address-lookup answers, shaped after Canada Post AddressComplete: Find v2.10 suggestions (containers
 * with Next 'Find' drill down; leaves with Next 'Retrieve') and Retrieve v2.11 addresses. The server's
 * providers produce them and its routes declare them; the address step reads them.
 */
import { z } from 'zod';

/** One Find v2.10 suggestion. */
export const addressFindItemSchema = z.object({
  Id: z.string(),
  Text: z.string(),
  /** Matched ranges 'start-end,...;start-end,...' (Text ; Description), 0-based, end exclusive. */
  Highlight: z.string(),
  Cursor: z.number(),
  Description: z.string(),
  Next: z.enum(['Find', 'Retrieve']),
});
export type AddressFindItem = z.infer<typeof addressFindItemSchema>;

/** One Retrieve v2.11 address (the vendor's fields; empty strings where a field does not apply). */
export const addressRetrieveItemSchema = z.object({
  Id: z.string(),
  DomesticId: z.string(),
  Language: z.string(),
  LanguageAlternatives: z.string(),
  Department: z.string(),
  Company: z.string(),
  SubBuilding: z.string(),
  BuildingNumber: z.string(),
  BuildingName: z.string(),
  SecondaryStreet: z.string(),
  Street: z.string(),
  Block: z.string(),
  Neighbourhood: z.string(),
  District: z.string(),
  City: z.string(),
  Line1: z.string(),
  Line2: z.string(),
  Line3: z.string(),
  Line4: z.string(),
  Line5: z.string(),
  AdminAreaName: z.string(),
  AdminAreaCode: z.string(),
  Province: z.string(),
  ProvinceName: z.string(),
  ProvinceCode: z.string(),
  PostalCode: z.string(),
  CountryName: z.string(),
  CountryIso2: z.string(),
  CountryIso3: z.string(),
  CountryIsoNumber: z.union([z.string(), z.number()]),
  SortingNumber1: z.string(),
  SortingNumber2: z.string(),
  Barcode: z.string(),
  POBoxNumber: z.string(),
  Label: z.string(),
  Type: z.string(),
  DataLevel: z.string(),
});
export type AddressRetrieveItem = z.infer<typeof addressRetrieveItemSchema>;
