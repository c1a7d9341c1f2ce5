export interface BlogCategory {
  _id?: string;
  name: string;
  slug: string;
}

export interface Blog {
  _id: string;
  slug: string;
  title: string;
  content: string;
  thumbnail: string;
  created_at: string;
  updated_at: string;
  category: { name: string; slug?: string } | null;
  keywords?: string[];
}

export interface NewBlog {
  title: string;
  content: string;
  thumbnail: File | null;
  category: string;
  keywords: string;
}
