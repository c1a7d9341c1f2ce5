import { createSlice } from '@reduxjs/toolkit';
import { messageOf, toFormData } from '../../api/http';
import { createAppAsyncThunk } from '../../app/hooks';
import { i18n } from '../../i18n';
import { keywordList } from './blogFormat';
import type { Blog, BlogCategory, NewBlog } from './types';

import type { RequestStatus } from '../../api/requestStatus';

interface BlogsState {
  list: Blog[];
  status: RequestStatus;
  error: string | null;
  /** The post opened at /blogs/:slug. */
  current: { slug: string | null; blog: Blog | null; status: RequestStatus; error: string | null };
  categories: { items: BlogCategory[]; status: RequestStatus; error: string | null };
  create: { status: RequestStatus; error: string | null };
}

const initialState: BlogsState = {
  list: [],
  status: 'idle',
  error: null,
  current: { slug: null, blog: null, status: 'idle', error: null },
  categories: { items: [], status: 'idle', error: null },
  create: { status: 'idle', error: null },
};

export const fetchBlogs = createAppAsyncThunk('blogs/fetchAll', async (_: void, { extra, rejectWithValue }) => {
  try {
    const { data } = await extra.http.get<{ blogs: Blog[] }>('blog');
    return Array.isArray(data.blogs) ? data.blogs : [];
  } catch (error) {
    return rejectWithValue(messageOf(error));
  }
});

/** One post by its slug; the server answers with an array of one. */
export const fetchBlog = createAppAsyncThunk('blogs/fetchOne', async (slug: string, { extra, rejectWithValue }) => {
  try {
    const { data } = await extra.http.get<{ blog: Blog[] }>('blog/', { params: { slug } });
    const blog = Array.isArray(data.blog) ? data.blog[0] : undefined;
    if (!blog) return rejectWithValue(i18n.t('post.missing', { ns: 'blogs' }));
    return blog;
  } catch (error) {
    return rejectWithValue(messageOf(error));
  }
});

export const fetchBlogCategories = createAppAsyncThunk('blogs/fetchCategories', async (_: void, { extra, rejectWithValue }) => {
  try {
    const { data } = await extra.http.get<{ categories: BlogCategory[] }>('blog/category');
    return Array.isArray(data.categories) ? data.categories : [];
  } catch (error) {
    return rejectWithValue(messageOf(error));
  }
});

/** Publishes a post. `slug` carries the category slug, as the server's other clients send it. */
export const createBlog = createAppAsyncThunk('blogs/create', async (post: NewBlog, { extra, rejectWithValue }) => {
  try {
    const { data } = await extra.http.post<{ blog: Blog }>(
      'blog',
      toFormData({
        title: post.title,
        content: post.content,
        thumbnail: post.thumbnail,
        category: post.category,
        slug: post.category,
        keywords: keywordList(post.keywords).join(','),
      }),
    );
    return data.blog;
  } catch (error) {
    return rejectWithValue(messageOf(error));
  }
});

export const blogsSlice = createSlice({
  name: 'blogs',
  initialState,
  reducers: {
    resetCreate(state) {
      state.create = { status: 'idle', error: null };
    },
  },
  extraReducers: (builder) => {
    builder
      .addCase(fetchBlogs.pending, (state) => {
        state.status = 'loading';
        state.error = null;
      })
      .addCase(fetchBlogs.fulfilled, (state, action) => {
        state.status = 'succeeded';
        state.list = action.payload;
      })
      .addCase(fetchBlogs.rejected, (state, action) => {
        state.status = 'failed';
        state.error = action.payload ?? null;
      })
      .addCase(fetchBlog.pending, (state, action) => {
        state.current = { slug: action.meta.arg, blog: null, status: 'loading', error: null };
      })
      .addCase(fetchBlog.fulfilled, (state, action) => {
        if (state.current.slug !== action.meta.arg) return;
        state.current.status = 'succeeded';
        state.current.blog = action.payload;
      })
      .addCase(fetchBlog.rejected, (state, action) => {
        if (state.current.slug !== action.meta.arg) return;
        state.current.status = 'failed';
        state.current.error = action.payload ?? 'Something went wrong, please try again';
      })
      .addCase(fetchBlogCategories.pending, (state) => {
        state.categories.status = 'loading';
        state.categories.error = null;
      })
      .addCase(fetchBlogCategories.fulfilled, (state, action) => {
        state.categories = { items: action.payload, status: 'succeeded', error: null };
      })
      .addCase(fetchBlogCategories.rejected, (state, action) => {
        state.categories.status = 'failed';
        state.categories.error = action.payload ?? null;
      })
      .addCase(createBlog.pending, (state) => {
        state.create = { status: 'loading', error: null };
      })
      .addCase(createBlog.fulfilled, (state, action) => {
        state.create = { status: 'succeeded', error: null };
        // The new post is the latest: the list is oldest first.
        if (state.status === 'succeeded') state.list.push(action.payload);
      })
      .addCase(createBlog.rejected, (state, action) => {
        state.create = { status: 'failed', error: action.payload ?? 'Something went wrong, please try again' };
      });
  },
  selectors: {
    selectBlogs: (state) => state.list,
    selectBlogsStatus: (state) => state.status,
    selectBlogsError: (state) => state.error,
    selectCurrentBlog: (state) => state.current,
    selectBlogCategories: (state) => state.categories,
    selectCreateBlog: (state) => state.create,
  },
});

export const { resetCreate } = blogsSlice.actions;
export const { selectBlogs, selectBlogsStatus, selectBlogsError, selectCurrentBlog, selectBlogCategories, selectCreateBlog } = blogsSlice.selectors;
