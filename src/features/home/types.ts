/** Shapes of the home page's data as the server sends them. */
import type { Blog } from '../blogs';

export interface Slide {
  _id?: string;
  image: string;
  title: string;
  description: string;
  link: string;
  textOnLink: string;
}

export interface MenuItem {
  _id: string;
  title: string;
  link: string;
  icon: string;
}

export interface Menu {
  _id?: string;
  description: string;
  items: MenuItem[];
}

export interface TopDoctor {
  _id: string;
  name: string;
  image: string;
  specialization: string;
  rate?: number;
}

/** An article as the home page lists it: the blogs feature's article (the same answer of `GET /api/blog`). */
export type HomeBlog = Blog;
