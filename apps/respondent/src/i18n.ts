import { DEFAULT_LANGUAGE, LANGUAGES, toLanguageCode, type LanguageCode } from '@loupe/contracts';

/*
 * The page's own words in the survey's language (the survey's texts come from the API already in it). Turkish,
 * English and Arabic are complete; the other languages of the 12 give at least the buttons and states, and fall
 * back to English key by key. A plain table rather than i18next: the page's JavaScript budget is 80 KB gzip.
 */

const en = {
  loading: 'Loading the survey…',
  notFound: 'This survey link is not valid. Please check the address you were given.',
  loadFailed: 'The survey could not be loaded. Please check your connection and try again.',
  retry: 'Try again',
  stateExpired: 'This invitation has expired. Thank you for your interest.',
  stateCompleted: 'You have already completed this survey. Thank you!',
  stateOptedOut: 'You have unsubscribed from our surveys.',
  stateClosed: 'This survey is closed. Thank you for your interest.',
  next: 'Next',
  back: 'Back',
  complete: 'Complete',
  saving: 'Saving…',
  progressLabel: 'Survey progress',
  progress: 'Page {page} of {pages}',
  requiredMark: 'required',
  required: 'This question needs an answer.',
  requiredRows: 'Please answer every row of this question.',
  errorSummary: 'Please check the questions marked on this page.',
  saveFailed: 'Your answers could not be saved. Please check your connection and try again.',
  tooMany: 'Too many requests. Please wait a minute and try again.',
  notAccepted: 'Some answers were not accepted. Please check them and try again.',
  comment: 'Comment (optional)',
  choose: 'Choose…',
  sliderUnset: 'Not answered yet: move the slider to answer.',
  rankHint: 'Put the items in order, the most important first, with the move buttons.',
  rankUp: 'Move “{label}” up',
  rankDown: 'Move “{label}” down',
  rankKeep: 'Keep this order',
  rankKept: 'Order saved as shown.',
  rankMoved: '“{label}” is now number {position}.',
  formatNumber: 'Please enter a number.',
  formatEmail: 'Please enter an e-mail address, such as name@example.com.',
  formatPhone: 'Please enter a phone number (digits, spaces, +, - and brackets).',
  formatDate: 'Please enter a date.',
  thanks: 'Thank you! Your answers have been saved.',
  redirecting: 'You will be taken to the next page in {seconds} seconds.',
  redirectNow: 'Continue',
  optOut: 'Unsubscribe',
  optOutTitle: 'Unsubscribe from our surveys',
  optOutQuestion: 'Do you want to stop receiving survey invitations from us? You will not be invited again.',
  optOutConfirm: 'Yes, unsubscribe',
  optOutCancel: 'No, go to the survey',
  optOutDone: 'You have unsubscribed. You will receive no more survey invitations from us.',
  optOutFailed: 'Your request could not be recorded. Please try again.',
};

type Key = keyof typeof en;
type Catalogue = Record<Key, string>;

const tr: Catalogue = {
  loading: 'Anket yükleniyor…',
  notFound: 'Bu anket bağlantısı geçerli değil. Lütfen size verilen adresi kontrol edin.',
  loadFailed: 'Anket yüklenemedi. Lütfen bağlantınızı kontrol edip yeniden deneyin.',
  retry: 'Yeniden dene',
  stateExpired: 'Bu davetin süresi doldu. İlginiz için teşekkür ederiz.',
  stateCompleted: 'Bu anketi zaten tamamladınız. Teşekkür ederiz!',
  stateOptedOut: 'Anketlerimizden ayrıldınız.',
  stateClosed: 'Bu anket kapandı. İlginiz için teşekkür ederiz.',
  next: 'İleri',
  back: 'Geri',
  complete: 'Tamamla',
  saving: 'Kaydediliyor…',
  progressLabel: 'Anket ilerlemesi',
  progress: 'Sayfa {page} / {pages}',
  requiredMark: 'zorunlu',
  required: 'Bu soru yanıt bekliyor.',
  requiredRows: 'Lütfen bu sorunun her satırını yanıtlayın.',
  errorSummary: 'Lütfen bu sayfada işaretlenen soruları kontrol edin.',
  saveFailed: 'Yanıtlarınız kaydedilemedi. Lütfen bağlantınızı kontrol edip yeniden deneyin.',
  tooMany: 'Çok fazla istek. Lütfen bir dakika bekleyip yeniden deneyin.',
  notAccepted: 'Bazı yanıtlar kabul edilmedi. Lütfen kontrol edip yeniden deneyin.',
  comment: 'Yorum (isteğe bağlı)',
  choose: 'Seçin…',
  sliderUnset: 'Henüz yanıtlanmadı: yanıtlamak için kaydırıcıyı hareket ettirin.',
  rankHint: 'Öğeleri taşıma düğmeleriyle sıralayın; en önemlisi en üstte.',
  rankUp: '“{label}” yukarı taşı',
  rankDown: '“{label}” aşağı taşı',
  rankKeep: 'Bu sırayı kullan',
  rankKept: 'Sıra gösterildiği gibi kaydedildi.',
  rankMoved: '“{label}” şimdi {position}. sırada.',
  formatNumber: 'Lütfen bir sayı girin.',
  formatEmail: 'Lütfen ad@ornek.com gibi bir e-posta adresi girin.',
  formatPhone: 'Lütfen bir telefon numarası girin (rakam, boşluk, +, - ve parantez).',
  formatDate: 'Lütfen bir tarih girin.',
  thanks: 'Teşekkürler! Yanıtlarınız kaydedildi.',
  redirecting: '{seconds} saniye içinde sonraki sayfaya yönlendirileceksiniz.',
  redirectNow: 'Devam et',
  optOut: 'Abonelikten çık',
  optOutTitle: 'Anketlerimizden ayrılın',
  optOutQuestion: 'Bizden anket daveti almayı bırakmak istiyor musunuz? Yeniden davet edilmeyeceksiniz.',
  optOutConfirm: 'Evet, ayrıl',
  optOutCancel: 'Hayır, ankete git',
  optOutDone: 'Anketlerimizden ayrıldınız. Bizden artık anket daveti almayacaksınız.',
  optOutFailed: 'İsteğiniz kaydedilemedi. Lütfen yeniden deneyin.',
};

const ar: Catalogue = {
  loading: 'جارٍ تحميل الاستبيان…',
  notFound: 'رابط هذا الاستبيان غير صالح. يُرجى التحقق من العنوان الذي وصلك.',
  loadFailed: 'تعذّر تحميل الاستبيان. يُرجى التحقق من الاتصال والمحاولة مرة أخرى.',
  retry: 'حاول مرة أخرى',
  stateExpired: 'انتهت صلاحية هذه الدعوة. شكرًا لاهتمامك.',
  stateCompleted: 'لقد أكملت هذا الاستبيان من قبل. شكرًا لك!',
  stateOptedOut: 'لقد ألغيت اشتراكك في استبياناتنا.',
  stateClosed: 'هذا الاستبيان مغلق. شكرًا لاهتمامك.',
  next: 'التالي',
  back: 'السابق',
  complete: 'إنهاء',
  saving: 'جارٍ الحفظ…',
  progressLabel: 'تقدّم الاستبيان',
  progress: 'الصفحة {page} من {pages}',
  requiredMark: 'إلزامي',
  required: 'هذا السؤال يحتاج إلى إجابة.',
  requiredRows: 'يُرجى الإجابة عن كل صف في هذا السؤال.',
  errorSummary: 'يُرجى مراجعة الأسئلة المُشار إليها في هذه الصفحة.',
  saveFailed: 'تعذّر حفظ إجاباتك. يُرجى التحقق من الاتصال والمحاولة مرة أخرى.',
  tooMany: 'طلبات كثيرة جدًا. يُرجى الانتظار دقيقة ثم المحاولة مرة أخرى.',
  notAccepted: 'لم تُقبل بعض الإجابات. يُرجى مراجعتها والمحاولة مرة أخرى.',
  comment: 'تعليق (اختياري)',
  choose: 'اختر…',
  sliderUnset: 'لم تتم الإجابة بعد: حرّك المنزلق للإجابة.',
  rankHint: 'رتّب العناصر بأزرار النقل، والأهم أولًا.',
  rankUp: 'انقل «{label}» إلى الأعلى',
  rankDown: 'انقل «{label}» إلى الأسفل',
  rankKeep: 'اعتمد هذا الترتيب',
  rankKept: 'تم اعتماد الترتيب كما هو معروض.',
  rankMoved: '«{label}» الآن في المرتبة {position}.',
  formatNumber: 'يُرجى إدخال رقم.',
  formatEmail: 'يُرجى إدخال عنوان بريد إلكتروني، مثل name@example.com.',
  formatPhone: 'يُرجى إدخال رقم هاتف (أرقام ومسافات و+ و- وأقواس).',
  formatDate: 'يُرجى إدخال تاريخ.',
  thanks: 'شكرًا لك! تم حفظ إجاباتك.',
  redirecting: 'سيتم نقلك إلى الصفحة التالية خلال {seconds} ثانية.',
  redirectNow: 'متابعة',
  optOut: 'إلغاء الاشتراك',
  optOutTitle: 'إلغاء الاشتراك في استبياناتنا',
  optOutQuestion: 'هل تريد التوقف عن تلقي دعوات الاستبيانات منا؟ لن تتم دعوتك مرة أخرى.',
  optOutConfirm: 'نعم، ألغِ الاشتراك',
  optOutCancel: 'لا، انتقل إلى الاستبيان',
  optOutDone: 'لقد ألغيت اشتراكك. لن تتلقى منا دعوات استبيانات بعد الآن.',
  optOutFailed: 'تعذّر تسجيل طلبك. يُرجى المحاولة مرة أخرى.',
};

/** The other languages: the buttons and the states; the rest falls back to English. */
const partial: Partial<Record<LanguageCode, Partial<Catalogue>>> = {
  ru: {
    next: 'Далее',
    back: 'Назад',
    complete: 'Завершить',
    retry: 'Повторить',
    optOut: 'Отписаться',
    optOutConfirm: 'Да, отписаться',
    required: 'На этот вопрос нужно ответить.',
    thanks: 'Спасибо! Ваши ответы сохранены.',
    stateExpired: 'Срок действия приглашения истёк.',
    stateCompleted: 'Вы уже прошли этот опрос. Спасибо!',
    stateOptedOut: 'Вы отписались от наших опросов.',
    stateClosed: 'Этот опрос закрыт.',
  },
  fr: {
    next: 'Suivant',
    back: 'Précédent',
    complete: 'Terminer',
    retry: 'Réessayer',
    optOut: 'Se désabonner',
    optOutConfirm: 'Oui, me désabonner',
    required: 'Cette question demande une réponse.',
    thanks: 'Merci ! Vos réponses ont été enregistrées.',
    stateExpired: 'Cette invitation a expiré.',
    stateCompleted: 'Vous avez déjà répondu à cette enquête. Merci !',
    stateOptedOut: 'Vous vous êtes désabonné de nos enquêtes.',
    stateClosed: 'Cette enquête est close.',
  },
  uk: {
    next: 'Далі',
    back: 'Назад',
    complete: 'Завершити',
    retry: 'Спробувати ще',
    optOut: 'Відписатися',
    optOutConfirm: 'Так, відписатися',
    required: 'На це питання потрібно відповісти.',
    thanks: 'Дякуємо! Ваші відповіді збережено.',
  },
  bg: {
    next: 'Напред',
    back: 'Назад',
    complete: 'Завърши',
    retry: 'Опитай отново',
    optOut: 'Отписване',
    optOutConfirm: 'Да, отпиши ме',
    required: 'Този въпрос изисква отговор.',
    thanks: 'Благодарим! Отговорите ви са запазени.',
  },
  ro: {
    next: 'Înainte',
    back: 'Înapoi',
    complete: 'Finalizează',
    retry: 'Încearcă din nou',
    optOut: 'Dezabonare',
    optOutConfirm: 'Da, dezabonează-mă',
    required: 'Această întrebare necesită un răspuns.',
    thanks: 'Mulțumim! Răspunsurile au fost salvate.',
  },
  mk: {
    next: 'Напред',
    back: 'Назад',
    complete: 'Заврши',
    retry: 'Обиди се повторно',
    optOut: 'Откажи претплата',
    optOutConfirm: 'Да, откажи',
    required: 'Ова прашање бара одговор.',
    thanks: 'Ви благодариме! Одговорите се зачувани.',
  },
  sq: {
    next: 'Para',
    back: 'Prapa',
    complete: 'Përfundo',
    retry: 'Provo përsëri',
    optOut: 'Çregjistrohu',
    optOutConfirm: 'Po, çregjistrohu',
    required: 'Kjo pyetje kërkon përgjigje.',
    thanks: 'Faleminderit! Përgjigjet u ruajtën.',
  },
  bs: {
    next: 'Dalje',
    back: 'Nazad',
    complete: 'Završi',
    retry: 'Pokušaj ponovo',
    optOut: 'Odjava',
    optOutConfirm: 'Da, odjavi me',
    required: 'Ovo pitanje traži odgovor.',
    thanks: 'Hvala! Vaši odgovori su sačuvani.',
  },
  hi: {
    next: 'आगे',
    back: 'पीछे',
    complete: 'पूरा करें',
    retry: 'फिर से कोशिश करें',
    optOut: 'सदस्यता छोड़ें',
    optOutConfirm: 'हाँ, सदस्यता छोड़ें',
    required: 'इस प्रश्न का उत्तर आवश्यक है।',
    thanks: 'धन्यवाद! आपके उत्तर सहेज लिए गए हैं।',
  },
};

const complete: Partial<Record<LanguageCode, Catalogue>> = { en, tr, ar };

export type Translate = (key: Key, params?: Record<string, string | number>) => string;

/** The page's words in `language` (English for a key the language lacks), with `{name}` parameters filled. */
export function translator(language: LanguageCode): Translate {
  const own = complete[language] ?? partial[language] ?? {};
  return (key, params) => {
    const text = own[key] ?? en[key];
    return params ? text.replace(/\{(\w+)\}/g, (all, name: string) => String(params[name] ?? all)) : text;
  };
}

/** A supported language code from the survey or the browser; Turkish (the product's default) otherwise. */
export function pageLanguage(value: string | undefined): LanguageCode {
  return toLanguageCode(value) ?? DEFAULT_LANGUAGE;
}

/** Sets the document's language and direction (Arabic right to left). */
export function applyLanguage(language: LanguageCode): void {
  const dir = LANGUAGES.find((entry) => entry.code === language)?.dir ?? 'ltr';
  document.documentElement.lang = language;
  document.documentElement.dir = dir;
}
