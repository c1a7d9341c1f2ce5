import { z } from 'zod';

export const slideSchema = z.object({
  _id: z.string(),
  image: z.string(),
  title: z.string(),
  description: z.string(),
  link: z.string(),
  textOnLink: z.string(),
});

export const menuItemSchema = z.object({ _id: z.string(), title: z.string(), link: z.string(), icon: z.string() });

export const menuSchema = z.object({
  _id: z.string(),
  name: z.string(),
  description: z.string(),
  items: z.array(menuItemSchema),
});
