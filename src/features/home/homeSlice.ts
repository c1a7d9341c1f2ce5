import { createSlice } from '@reduxjs/toolkit';
import { messageOf } from '../../api/http';
import { setGlobalError } from '../../app/appSlice';
import { createAppAsyncThunk } from '../../app/hooks';
import type { HomeBlog, Menu, MenuItem, Slide, TopDoctor } from './types';

import type { RequestStatus } from '../../api/requestStatus';
type Section = 'slides' | 'features' | 'benefits' | 'topDoctors' | 'blogs';

interface HomeState {
  slides: Slide[];
  features: Menu | null;
  benefits: Menu | null;
  topDoctors: TopDoctor[];
  blogs: HomeBlog[];
  status: Record<Section, RequestStatus>;
  error: string | null;
}

const initialState: HomeState = {
  slides: [],
  features: null,
  benefits: null,
  topDoctors: [],
  blogs: [],
  status: { slides: 'idle', features: 'idle', benefits: 'idle', topDoctors: 'idle', blogs: 'idle' },
  error: null,
};

const arrayOf = <T>(value: unknown): T[] => (Array.isArray(value) ? (value as T[]) : []);

/** The slider, top doctors and blogs are home data: a failure becomes the app's global error. */
export const fetchSlides = createAppAsyncThunk('home/fetchSlides', async (_: void, { extra, dispatch, rejectWithValue }) => {
  try {
    const { data } = await extra.http.get<{ slides: Slide[] }>('cms/slider');
    return arrayOf<Slide>(data.slides);
  } catch (error) {
    dispatch(setGlobalError(messageOf(error)));
    return rejectWithValue(messageOf(error));
  }
});

export const fetchTopDoctors = createAppAsyncThunk('home/fetchTopDoctors', async (_: void, { extra, dispatch, rejectWithValue }) => {
  try {
    const { data } = await extra.http.get<{ doctors: TopDoctor[] }>('top-doctors');
    return arrayOf<TopDoctor>(data.doctors);
  } catch (error) {
    dispatch(setGlobalError(messageOf(error)));
    return rejectWithValue(messageOf(error));
  }
});

export const fetchHomeBlogs = createAppAsyncThunk('home/fetchBlogs', async (_: void, { extra, dispatch, rejectWithValue }) => {
  try {
    const { data } = await extra.http.get<{ blogs: HomeBlog[] }>('blog');
    return arrayOf<HomeBlog>(data.blogs);
  } catch (error) {
    dispatch(setGlobalError(messageOf(error)));
    return rejectWithValue(messageOf(error));
  }
});

/** A content menu (features or benefits): the first menu of the answer; a failure only hides the block. */
export const fetchMenu = createAppAsyncThunk('home/fetchMenu', async (name: 'features' | 'benefits', { extra, rejectWithValue }) => {
  try {
    const { data } = await extra.http.get<{ menu: Menu[] }>(`cms/menu/?menu=${name}`);
    const menu = arrayOf<Menu>(data.menu)[0];
    return { name, menu: menu ? ({ ...menu, items: arrayOf<MenuItem>(menu.items) } as Menu) : null };
  } catch (error) {
    return rejectWithValue(messageOf(error));
  }
});

export const homeSlice = createSlice({
  name: 'home',
  initialState,
  reducers: {},
  extraReducers: (builder) => {
    const track = (section: Section, thunk: typeof fetchSlides | typeof fetchTopDoctors | typeof fetchHomeBlogs) => {
      builder
        .addCase(thunk.pending, (state) => {
          state.status[section] = 'loading';
        })
        .addCase(thunk.rejected, (state, action) => {
          state.status[section] = 'failed';
          state.error = action.payload ?? 'Something went wrong, please try again';
        });
    };
    track('slides', fetchSlides);
    track('topDoctors', fetchTopDoctors);
    track('blogs', fetchHomeBlogs);
    builder
      .addCase(fetchSlides.fulfilled, (state, action) => {
        state.status.slides = 'succeeded';
        state.slides = action.payload;
      })
      .addCase(fetchTopDoctors.fulfilled, (state, action) => {
        state.status.topDoctors = 'succeeded';
        state.topDoctors = action.payload;
      })
      .addCase(fetchHomeBlogs.fulfilled, (state, action) => {
        state.status.blogs = 'succeeded';
        state.blogs = action.payload;
      })
      .addCase(fetchMenu.pending, (state, action) => {
        state.status[action.meta.arg] = 'loading';
      })
      .addCase(fetchMenu.fulfilled, (state, action) => {
        state.status[action.payload.name] = 'succeeded';
        state[action.payload.name] = action.payload.menu;
      })
      .addCase(fetchMenu.rejected, (state, action) => {
        state.status[action.meta.arg] = 'failed';
      });
  },
  selectors: {
    selectSlides: (state) => state.slides,
    selectFeatures: (state) => state.features,
    selectBenefits: (state) => state.benefits,
    selectTopDoctors: (state) => state.topDoctors,
    selectHomeBlogs: (state) => state.blogs,
    selectHomeStatus: (state) => state.status,
  },
});

export const { selectSlides, selectFeatures, selectBenefits, selectTopDoctors, selectHomeBlogs, selectHomeStatus } = homeSlice.selectors;
