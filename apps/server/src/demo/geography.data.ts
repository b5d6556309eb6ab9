// Demo Bank's geography: the location tree (country > region or state > province or city) and the branches.
// Location codes follow ISO 3166-2 where one exists (TR-34, IN-MH, US-CA); Turkey's geographic regions and
// Indian and US cities have no ISO code, so they get derived codes (TR-R-MAR, IN-MH-MUM, US-CA-SFO).

export type CountryCode = 'TR' | 'IN' | 'US';

export const COUNTRIES: readonly { code: CountryCode; name: string }[] = [
  { code: 'TR', name: 'Türkiye' },
  { code: 'IN', name: 'India' },
  { code: 'US', name: 'United States' },
];

/** Turkey's seven geographic regions, level 2 under Türkiye. */
export const TR_REGIONS: readonly { code: string; name: string; provinces: readonly number[] }[] = [
  { code: 'TR-R-MAR', name: 'Marmara Bölgesi', provinces: [10, 11, 16, 17, 22, 34, 39, 41, 54, 59, 77] },
  { code: 'TR-R-EGE', name: 'Ege Bölgesi', provinces: [3, 9, 20, 35, 43, 45, 48, 64] },
  { code: 'TR-R-AKD', name: 'Akdeniz Bölgesi', provinces: [1, 7, 15, 31, 32, 33, 46, 80] },
  {
    code: 'TR-R-ICA',
    name: 'İç Anadolu Bölgesi',
    provinces: [6, 18, 26, 38, 40, 42, 50, 51, 58, 66, 68, 70, 71],
  },
  {
    code: 'TR-R-KAR',
    name: 'Karadeniz Bölgesi',
    provinces: [5, 8, 14, 19, 28, 29, 37, 52, 53, 55, 57, 60, 61, 67, 69, 74, 78, 81],
  },
  {
    code: 'TR-R-DOG',
    name: 'Doğu Anadolu Bölgesi',
    provinces: [4, 12, 13, 23, 24, 25, 30, 36, 44, 49, 62, 65, 75, 76],
  },
  { code: 'TR-R-GDA', name: 'Güneydoğu Anadolu Bölgesi', provinces: [2, 21, 27, 47, 56, 63, 72, 73, 79] },
];

/** The 81 provinces by plate number (ISO 3166-2 code TR-NN). */
export const TR_PROVINCES: Readonly<Record<number, string>> = {
  1: 'Adana',
  2: 'Adıyaman',
  3: 'Afyonkarahisar',
  4: 'Ağrı',
  5: 'Amasya',
  6: 'Ankara',
  7: 'Antalya',
  8: 'Artvin',
  9: 'Aydın',
  10: 'Balıkesir',
  11: 'Bilecik',
  12: 'Bingöl',
  13: 'Bitlis',
  14: 'Bolu',
  15: 'Burdur',
  16: 'Bursa',
  17: 'Çanakkale',
  18: 'Çankırı',
  19: 'Çorum',
  20: 'Denizli',
  21: 'Diyarbakır',
  22: 'Edirne',
  23: 'Elazığ',
  24: 'Erzincan',
  25: 'Erzurum',
  26: 'Eskişehir',
  27: 'Gaziantep',
  28: 'Giresun',
  29: 'Gümüşhane',
  30: 'Hakkari',
  31: 'Hatay',
  32: 'Isparta',
  33: 'Mersin',
  34: 'İstanbul',
  35: 'İzmir',
  36: 'Kars',
  37: 'Kastamonu',
  38: 'Kayseri',
  39: 'Kırklareli',
  40: 'Kırşehir',
  41: 'Kocaeli',
  42: 'Konya',
  43: 'Kütahya',
  44: 'Malatya',
  45: 'Manisa',
  46: 'Kahramanmaraş',
  47: 'Mardin',
  48: 'Muğla',
  49: 'Muş',
  50: 'Nevşehir',
  51: 'Niğde',
  52: 'Ordu',
  53: 'Rize',
  54: 'Sakarya',
  55: 'Samsun',
  56: 'Siirt',
  57: 'Sinop',
  58: 'Sivas',
  59: 'Tekirdağ',
  60: 'Tokat',
  61: 'Trabzon',
  62: 'Tunceli',
  63: 'Şanlıurfa',
  64: 'Uşak',
  65: 'Van',
  66: 'Yozgat',
  67: 'Zonguldak',
  68: 'Aksaray',
  69: 'Bayburt',
  70: 'Karaman',
  71: 'Kırıkkale',
  72: 'Batman',
  73: 'Şırnak',
  74: 'Bartın',
  75: 'Ardahan',
  76: 'Iğdır',
  77: 'Yalova',
  78: 'Karabük',
  79: 'Kilis',
  80: 'Osmaniye',
  81: 'Düzce',
};

export const trProvinceCode = (plate: number) => `TR-${String(plate).padStart(2, '0')}`;

/** Indian and US states (level 2) with their cities (level 3); `utcOffset` in minutes, standard time. */
export const FOREIGN_STATES: readonly {
  country: 'IN' | 'US';
  code: string;
  name: string;
  utcOffset: number;
  cities: readonly { code: string; name: string }[];
}[] = [
  {
    country: 'IN',
    code: 'IN-MH',
    name: 'Maharashtra',
    utcOffset: 330,
    cities: [
      { code: 'MUM', name: 'Mumbai' },
      { code: 'PNQ', name: 'Pune' },
    ],
  },
  {
    country: 'IN',
    code: 'IN-KA',
    name: 'Karnataka',
    utcOffset: 330,
    cities: [{ code: 'BLR', name: 'Bengaluru' }],
  },
  {
    country: 'IN',
    code: 'IN-DL',
    name: 'Delhi',
    utcOffset: 330,
    cities: [{ code: 'DEL', name: 'New Delhi' }],
  },
  {
    country: 'IN',
    code: 'IN-TN',
    name: 'Tamil Nadu',
    utcOffset: 330,
    cities: [{ code: 'MAA', name: 'Chennai' }],
  },
  {
    country: 'IN',
    code: 'IN-GJ',
    name: 'Gujarat',
    utcOffset: 330,
    cities: [{ code: 'AMD', name: 'Ahmedabad' }],
  },
  {
    country: 'IN',
    code: 'IN-WB',
    name: 'West Bengal',
    utcOffset: 330,
    cities: [{ code: 'CCU', name: 'Kolkata' }],
  },
  {
    country: 'IN',
    code: 'IN-UP',
    name: 'Uttar Pradesh',
    utcOffset: 330,
    cities: [{ code: 'LKO', name: 'Lucknow' }],
  },
  {
    country: 'IN',
    code: 'IN-RJ',
    name: 'Rajasthan',
    utcOffset: 330,
    cities: [{ code: 'JAI', name: 'Jaipur' }],
  },
  {
    country: 'US',
    code: 'US-NY',
    name: 'New York',
    utcOffset: -300,
    cities: [
      { code: 'NYC', name: 'New York City' },
      { code: 'BUF', name: 'Buffalo' },
    ],
  },
  {
    country: 'US',
    code: 'US-CA',
    name: 'California',
    utcOffset: -480,
    cities: [
      { code: 'SFO', name: 'San Francisco' },
      { code: 'LAX', name: 'Los Angeles' },
    ],
  },
  {
    country: 'US',
    code: 'US-IL',
    name: 'Illinois',
    utcOffset: -360,
    cities: [{ code: 'CHI', name: 'Chicago' }],
  },
  {
    country: 'US',
    code: 'US-TX',
    name: 'Texas',
    utcOffset: -360,
    cities: [
      { code: 'HOU', name: 'Houston' },
      { code: 'DAL', name: 'Dallas' },
    ],
  },
  {
    country: 'US',
    code: 'US-NJ',
    name: 'New Jersey',
    utcOffset: -300,
    cities: [
      { code: 'PAT', name: 'Paterson' },
      { code: 'JCY', name: 'Jersey City' },
    ],
  },
  {
    country: 'US',
    code: 'US-FL',
    name: 'Florida',
    utcOffset: -300,
    cities: [{ code: 'MIA', name: 'Miami' }],
  },
  {
    country: 'US',
    code: 'US-MA',
    name: 'Massachusetts',
    utcOffset: -300,
    cities: [{ code: 'BOS', name: 'Boston' }],
  },
];

/** The bank's sales regions (channel level 1) with their branches (level 2). */
export type BranchRegion = {
  code: string;
  name: string;
  branches: readonly {
    /** Province plate (Turkey) or city location code (IN-MH-MUM). */
    place: number | string;
    names: readonly string[];
  }[];
};

export const BRANCH_REGIONS: readonly BranchRegion[] = [
  {
    code: 'RG-01',
    name: 'İstanbul Avrupa Bölge',
    branches: [
      {
        place: 34,
        names: [
          'Beşiktaş',
          'Şişli',
          'Bakırköy',
          'Beyoğlu',
          'Fatih',
          'Sarıyer',
          'Esenyurt',
          'Beylikdüzü',
          'Bahçelievler',
          'Bağcılar',
          'Küçükçekmece',
          'Başakşehir',
          'Zeytinburnu',
          'Eyüpsultan',
          'Kağıthane',
          'Avcılar',
          'Güngören',
          'Levent',
          'Mecidiyeköy',
          'Nişantaşı',
          'Etiler',
          'Karaköy',
          'Maslak',
          'Florya',
          'Ortaköy',
        ],
      },
    ],
  },
  {
    code: 'RG-02',
    name: 'İstanbul Anadolu Bölge',
    branches: [
      {
        place: 34,
        names: [
          'Kadıköy',
          'Üsküdar',
          'Ataşehir',
          'Maltepe',
          'Kartal',
          'Pendik',
          'Ümraniye',
          'Beykoz',
          'Çekmeköy',
          'Sancaktepe',
          'Tuzla',
          'Bostancı',
          'Suadiye',
          'Kozyatağı',
          'Sultanbeyli',
          'Erenköy',
          'Göztepe',
        ],
      },
    ],
  },
  {
    code: 'RG-03',
    name: 'Marmara Bölge',
    branches: [
      { place: 16, names: ['Osmangazi', 'Nilüfer', 'Yıldırım', 'İnegöl', 'Gemlik', 'Mudanya'] },
      { place: 41, names: ['İzmit', 'Gebze', 'Darıca', 'Gölcük'] },
      { place: 59, names: ['Çorlu', 'Süleymanpaşa', 'Çerkezköy'] },
      { place: 54, names: ['Adapazarı', 'Serdivan'] },
      { place: 22, names: ['Edirne'] },
      { place: 10, names: ['Balıkesir', 'Bandırma', 'Edremit'] },
      { place: 17, names: ['Çanakkale'] },
      { place: 77, names: ['Yalova'] },
      { place: 39, names: ['Lüleburgaz'] },
    ],
  },
  {
    code: 'RG-04',
    name: 'Ege Bölge',
    branches: [
      {
        place: 35,
        names: [
          'Konak',
          'Alsancak',
          'Karşıyaka',
          'Bornova',
          'Buca',
          'Bayraklı',
          'Çiğli',
          'Gaziemir',
          'Karabağlar',
          'Torbalı',
          'Menemen',
          'Çeşme',
        ],
      },
      { place: 9, names: ['Efeler', 'Kuşadası', 'Didim'] },
      { place: 20, names: ['Pamukkale', 'Merkezefendi'] },
      { place: 45, names: ['Şehzadeler', 'Akhisar', 'Turgutlu'] },
      { place: 48, names: ['Bodrum', 'Fethiye', 'Marmaris', 'Menteşe'] },
      { place: 64, names: ['Uşak'] },
      { place: 3, names: ['Afyonkarahisar'] },
      { place: 43, names: ['Kütahya'] },
    ],
  },
  {
    code: 'RG-05',
    name: 'Akdeniz Bölge',
    branches: [
      { place: 7, names: ['Muratpaşa', 'Konyaaltı', 'Kepez', 'Alanya', 'Manavgat', 'Lara'] },
      { place: 1, names: ['Seyhan', 'Çukurova', 'Yüreğir', 'Ceyhan'] },
      { place: 33, names: ['Mersin Yenişehir', 'Mezitli', 'Tarsus', 'Erdemli'] },
      { place: 31, names: ['Antakya', 'İskenderun'] },
      { place: 46, names: ['Onikişubat'] },
      { place: 32, names: ['Isparta'] },
    ],
  },
  {
    code: 'RG-06',
    name: 'İç Anadolu Bölge',
    branches: [
      {
        place: 6,
        names: [
          'Çankaya',
          'Kızılay',
          'Keçiören',
          'Yenimahalle',
          'Etimesgut',
          'Sincan',
          'Mamak',
          'Gölbaşı',
          'Ulus',
          'Ostim',
          'Balgat',
          'Eryaman',
        ],
      },
      { place: 42, names: ['Selçuklu', 'Meram', 'Karatay', 'Konya Ereğli'] },
      { place: 38, names: ['Melikgazi', 'Kocasinan', 'Talas'] },
      { place: 26, names: ['Odunpazarı', 'Tepebaşı'] },
      { place: 58, names: ['Sivas'] },
      { place: 68, names: ['Aksaray'] },
      { place: 50, names: ['Nevşehir'] },
    ],
  },
  {
    code: 'RG-07',
    name: 'Karadeniz Bölge',
    branches: [
      { place: 55, names: ['İlkadım', 'Atakum', 'Bafra'] },
      { place: 61, names: ['Ortahisar', 'Akçaabat'] },
      { place: 52, names: ['Altınordu'] },
      { place: 53, names: ['Rize'] },
      { place: 67, names: ['Zonguldak', 'Karadeniz Ereğli'] },
      { place: 14, names: ['Bolu'] },
      { place: 81, names: ['Düzce'] },
      { place: 28, names: ['Giresun'] },
      { place: 37, names: ['Kastamonu'] },
      { place: 19, names: ['Çorum'] },
      { place: 60, names: ['Tokat'] },
    ],
  },
  {
    code: 'RG-08',
    name: 'Doğu ve Güneydoğu Anadolu Bölge',
    branches: [
      { place: 27, names: ['Şahinbey', 'Şehitkamil', 'Nizip'] },
      { place: 21, names: ['Kayapınar', 'Bağlar', 'Sur'] },
      { place: 63, names: ['Haliliye', 'Eyyübiye'] },
      { place: 44, names: ['Battalgazi', 'Yeşilyurt'] },
      { place: 25, names: ['Yakutiye', 'Palandöken'] },
      { place: 65, names: ['İpekyolu'] },
      { place: 23, names: ['Elazığ'] },
      { place: 72, names: ['Batman'] },
      { place: 47, names: ['Artuklu'] },
      { place: 2, names: ['Adıyaman'] },
      { place: 36, names: ['Kars'] },
    ],
  },
  {
    code: 'RG-09',
    name: 'Hindistan Bölge',
    branches: [
      {
        place: 'IN-MH-MUM',
        names: ['Mumbai Andheri', 'Mumbai Bandra', 'Mumbai Fort', 'Mumbai Powai', 'Mumbai Lower Parel'],
      },
      { place: 'IN-MH-PNQ', names: ['Pune Koregaon Park', 'Pune Hinjewadi'] },
      {
        place: 'IN-KA-BLR',
        names: [
          'Bengaluru MG Road',
          'Bengaluru Whitefield',
          'Bengaluru Koramangala',
          'Bengaluru Indiranagar',
        ],
      },
      { place: 'IN-DL-DEL', names: ['New Delhi Connaught Place', 'New Delhi Saket'] },
      { place: 'IN-TN-MAA', names: ['Chennai T. Nagar', 'Chennai Anna Nagar'] },
      { place: 'IN-GJ-AMD', names: ['Ahmedabad Navrangpura'] },
      { place: 'IN-WB-CCU', names: ['Kolkata Park Street', 'Kolkata Salt Lake'] },
      { place: 'IN-UP-LKO', names: ['Lucknow Hazratganj'] },
      { place: 'IN-RJ-JAI', names: ['Jaipur C-Scheme'] },
    ],
  },
  {
    code: 'RG-10',
    name: 'ABD Bölge',
    branches: [
      {
        place: 'US-NY-NYC',
        names: ['NYC Midtown', 'NYC Wall Street', 'Brooklyn Heights', 'Queens Astoria', 'NYC Flushing'],
      },
      { place: 'US-CA-SFO', names: ['San Francisco Financial District'] },
      { place: 'US-CA-LAX', names: ['Los Angeles Downtown', 'Los Angeles Koreatown'] },
      { place: 'US-IL-CHI', names: ['Chicago Loop', 'Chicago Devon Avenue'] },
      { place: 'US-TX-HOU', names: ['Houston Galleria'] },
      { place: 'US-TX-DAL', names: ['Dallas Uptown'] },
      { place: 'US-NJ-PAT', names: ['Paterson Main Street'] },
      { place: 'US-NJ-JCY', names: ['Jersey City Newport'] },
      { place: 'US-FL-MIA', names: ['Miami Brickell'] },
      { place: 'US-MA-BOS', names: ['Boston Back Bay'] },
    ],
  },
];

/** Branch display name: Turkish branches are "… Şubesi", the others "… Branch". */
export const branchName = (name: string, country: CountryCode) =>
  country === 'TR' ? `${name} Şubesi` : `${name} Branch`;
