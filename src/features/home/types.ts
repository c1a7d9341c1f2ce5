/** Shapes of the home page's data as the server sends them. */
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

export interface HomeBlog {
  _id: string;
  slug: string;
  title: string;
  content: string;
  thumbnail: string;
  created_at: string;
  updated_at: string;
  category?: { name: string; slug?: string } | null;
}
