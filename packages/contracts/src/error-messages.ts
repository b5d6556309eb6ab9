import type { ErrorCode, LoginError } from './error-codes.js';
import type { ValidationMessage, ValidationParams } from './validators.js';

/*
 * The words of every server error code and sign-in error in English, Turkish and Arabic: the one catalogue the server
 * answers with and the web shows (apps/web/src/lib/error-texts.ts feeds it to i18next as `errorCodes.*` and
 * `loginErrors.*`). A module of its own, apart from the codes, so the web loads the texts with a language's
 * catalogues instead of with the sign-in page's code.
 */

type Messages = { en: string; tr: string; ar: string };

/** The languages this catalogue words its messages in; every other language reads English. */
export type MessageLanguage = keyof Messages;

/** `language` when the catalogue words its messages in it, else English. */
export function messageLanguage(language: string | undefined): MessageLanguage {
  return language === 'tr' || language === 'ar' ? language : 'en';
}

/** The catalogue wording of every code in English, Turkish and Arabic; other languages fall back to English. */
export const ERROR_MESSAGES: Record<ErrorCode, Messages> = {
  3333: { en: 'The request is not valid.', tr: 'İstek geçerli değil.', ar: 'الطلب غير صالح.' },
  401: { en: 'Please sign in again.', tr: 'Lütfen yeniden oturum açın.', ar: 'يُرجى تسجيل الدخول مرة أخرى.' },
  403: {
    en: 'You do not have permission for this action.',
    tr: 'Bu işlem için yetkiniz yok.',
    ar: 'ليست لديك صلاحية لتنفيذ هذا الإجراء.',
  },
  404: { en: 'The record was not found.', tr: 'Kayıt bulunamadı.', ar: 'لم يُعثر على السجل.' },
  413: { en: 'The request is too large.', tr: 'İstek çok büyük.', ar: 'الطلب كبير جدًا.' },
  429: {
    en: 'Too many requests. Please wait and try again.',
    tr: 'Çok fazla istek. Lütfen bekleyip yeniden deneyin.',
    ar: 'طلبات كثيرة جدًا. يُرجى الانتظار ثم المحاولة مرة أخرى.',
  },
  500: {
    en: 'Something went wrong. Please try again later.',
    tr: 'Bir şeyler ters gitti. Lütfen daha sonra yeniden deneyin.',
    ar: 'حدث خطأ ما. يُرجى المحاولة لاحقًا.',
  },
  2035: {
    en: 'This question integration code is already used by another question.',
    tr: 'Bu soru entegrasyon kodu başka bir soruda kullanılıyor.',
    ar: 'رمز تكامل السؤال هذا مستخدم في سؤال آخر.',
  },
  2100: {
    en: 'Records must be on the same tenant.',
    tr: 'Kayıtlar aynı kiracıda olmalıdır.',
    ar: 'يجب أن تكون السجلات ضمن المستأجر نفسه.',
  },
  2400: {
    en: 'Alert rule name must be unique.',
    tr: 'Alarm kuralı adı benzersiz olmalıdır.',
    ar: 'يجب أن يكون اسم قاعدة التنبيه فريدًا.',
  },
  2401: {
    en: 'This alert rule has raised alerts and cannot be deleted; deactivate it instead.',
    tr: 'Bu alarm kuralı alarm üretti ve silinemez; bunun yerine pasif hale getirin.',
    ar: 'أنشأت قاعدة التنبيه هذه تنبيهات ولا يمكن حذفها؛ قم بإلغاء تفعيلها بدلاً من ذلك.',
  },
  2500: {
    en: 'Report name must be unique.',
    tr: 'Rapor adı benzersiz olmalıdır.',
    ar: 'يجب أن يكون اسم التقرير فريدًا.',
  },
  2501: {
    en: 'A report can hold at most 10 widgets.',
    tr: 'Bir raporda en fazla 10 bileşen olabilir.',
    ar: 'يمكن أن يحتوي التقرير على 10 عناصر واجهة على الأكثر.',
  },
  2502: {
    en: 'A widget with this title already exists.',
    tr: 'Bu başlıkla bir bileşen zaten var.',
    ar: 'يوجد عنصر واجهة بهذا العنوان بالفعل.',
  },
  2503: {
    en: 'A widget type with this name already exists.',
    tr: 'Bu adla bir bileşen tipi zaten var.',
    ar: 'يوجد نوع عنصر واجهة بهذا الاسم بالفعل.',
  },
  2504: {
    en: 'System catalogue entries cannot be changed.',
    tr: 'Sistem kataloğundaki kayıtlar değiştirilemez.',
    ar: 'لا يمكن تغيير سجلات كتالوج النظام.',
  },
  2505: {
    en: "The widget configuration is not valid: it needs a data endpoint starting with 'api/', the kind of its widget type and data filters a data request accepts.",
    tr: "Bileşen yapılandırması geçerli değil: 'api/' ile başlayan bir veri adresi, bileşen tipinin türü ve bir veri isteğinin kabul ettiği veri filtreleri gerekir.",
    ar: "إعداد عنصر الواجهة غير صالح: يحتاج إلى عنوان بيانات يبدأ بـ 'api/'، ونوع نوع عنصر الواجهة، ومرشحات بيانات يقبلها طلب البيانات.",
  },
  2506: {
    en: 'The widget is not in the widget catalogue.',
    tr: 'Bileşen, bileşen kataloğunda yok.',
    ar: 'عنصر الواجهة غير موجود في كتالوج عناصر الواجهة.',
  },
  2507: {
    en: 'This widget is locked: it is disabled or needs the AI module.',
    tr: 'Bu bileşen kilitli: devre dışı ya da yapay zekâ modülü gerektiriyor.',
    ar: 'عنصر الواجهة هذا مقفل: إنه معطّل أو يحتاج إلى وحدة الذكاء الاصطناعي.',
  },
  2508: {
    en: 'Widgets use this widget type, so its kind cannot change.',
    tr: 'Bu bileşen tipini kullanan bileşenler var; türü değiştirilemez.',
    ar: 'هناك عناصر واجهة تستخدم نوع عنصر الواجهة هذا، لذا لا يمكن تغيير نوعه.',
  },
  3100: { en: 'Invalid segments.', tr: 'Geçersiz segmentler.', ar: 'شرائح غير صالحة.' },
  3101: {
    en: 'Invalid transaction channels.',
    tr: 'Geçersiz işlem kanalları.',
    ar: 'قنوات معاملات غير صالحة.',
  },
  3102: { en: 'Invalid transaction types.', tr: 'Geçersiz işlem tipleri.', ar: 'أنواع معاملات غير صالحة.' },
  3103: { en: 'Invalid products.', tr: 'Geçersiz ürünler.', ar: 'منتجات غير صالحة.' },
  3104: { en: 'Invalid employees.', tr: 'Geçersiz çalışanlar.', ar: 'موظفون غير صالحين.' },
  3105: {
    en: 'Invalid invitee channels.',
    tr: 'Geçersiz katılımcı kanalları.',
    ar: 'قنوات مدعوين غير صالحة.',
  },
  3106: {
    en: 'Invalid invitee locations.',
    tr: 'Geçersiz katılımcı lokasyonları.',
    ar: 'مواقع مدعوين غير صالحة.',
  },
  3107: { en: 'Invitees with no answers.', tr: 'Cevabı olmayan katılımcılar.', ar: 'مدعوون بلا إجابات.' },
  3108: {
    en: 'Invalid question integration code or choice values.',
    tr: 'Geçersiz soru entegrasyon kodu veya seçenek değerleri.',
    ar: 'رمز تكامل سؤال أو قيم اختيار غير صالحة.',
  },
  3109: {
    en: 'Invalid transaction channel parent ids.',
    tr: 'Geçersiz işlem kanalı üst kimlikleri.',
    ar: 'معرّفات أصل قنوات المعاملات غير صالحة.',
  },
  3110: {
    en: 'Invalid product parent ids.',
    tr: 'Geçersiz ürün üst kimlikleri.',
    ar: 'معرّفات أصل المنتجات غير صالحة.',
  },
  3111: {
    en: 'Invalid location parent ids.',
    tr: 'Geçersiz lokasyon üst kimlikleri.',
    ar: 'معرّفات أصل المواقع غير صالحة.',
  },
  3112: {
    en: 'Undefined interaction channels.',
    tr: 'Tanımsız etkileşim kanalları.',
    ar: 'قنوات تفاعل غير معرّفة.',
  },
  3113: {
    en: 'At least one valid role is required.',
    tr: 'En az bir geçerli rol gereklidir.',
    ar: 'يلزم دور صالح واحد على الأقل.',
  },
  3114: {
    en: 'This Idempotency-Key was already used for a different request.',
    tr: 'Bu Idempotency-Key farklı bir istek için zaten kullanıldı.',
    ar: 'مفتاح Idempotency-Key هذا استُخدم من قبل لطلب مختلف.',
  },
  4007: {
    en: 'A question used in a survey, quota or alert rule cannot be deleted.',
    tr: 'Bir ankette, kotada veya alarm kuralında kullanılan soru silinemez.',
    ar: 'لا يمكن حذف سؤال مستخدم في استبيان أو حصة أو قاعدة تنبيه.',
  },
  2036: {
    en: 'This survey integration code is already used by another survey.',
    tr: 'Bu anket entegrasyon kodu başka bir ankette kullanılıyor.',
    ar: 'رمز تكامل الاستبيان هذا مستخدم في استبيان آخر.',
  },
  4008: {
    en: 'This question has answers: its type, scale and answered choice values cannot change.',
    tr: 'Bu sorunun cevapları var: tipi, ölçeği ve cevaplanmış seçenek değerleri değiştirilemez.',
    ar: 'لهذا السؤال إجابات: لا يمكن تغيير نوعه ومقياسه وقيم الاختيارات المُجاب عنها.',
  },
  4009: {
    en: 'A question group needs 2 to 10 sub-questions.',
    tr: 'Bir soru grubunda 2 ile 10 arasında alt soru olmalıdır.',
    ar: 'تحتاج مجموعة الأسئلة إلى ما بين 2 و10 أسئلة فرعية.',
  },
  4010: {
    en: 'A matrix group needs 2 to 11 choices.',
    tr: 'Bir matris grubunda 2 ile 11 arasında seçenek olmalıdır.',
    ar: 'تحتاج مجموعة المصفوفة إلى ما بين 2 و11 اختيارًا.',
  },
  4011: {
    en: 'Add at least one answer choice.',
    tr: 'En az bir cevap seçeneği ekleyin.',
    ar: 'أضف اختيار إجابة واحدًا على الأقل.',
  },
  4012: {
    en: 'Choice values must be unique.',
    tr: 'Seçenek değerleri benzersiz olmalıdır.',
    ar: 'يجب أن تكون قيم الاختيارات فريدة.',
  },
  4013: {
    en: 'A flow can hold only one measurement-metric question of each measurement type.',
    tr: 'Bir akışta her ölçüm tipinden yalnızca bir ölçüm metriği sorusu olabilir.',
    ar: 'يمكن أن يحتوي التدفق على سؤال مقياس قياس واحد فقط من كل نوع قياس.',
  },
  4014: {
    en: 'The flow holds more questions than allowed, in all or of this type.',
    tr: 'Akışta izin verilenden fazla soru var (toplamda ya da bu tipte).',
    ar: 'يحتوي التدفق على أسئلة أكثر من المسموح، إجمالًا أو من هذا النوع.',
  },
  4015: {
    en: 'Display logic must name an earlier question of the same flow and values among its choices.',
    tr: 'Görüntüleme mantığı aynı akışta önceki bir soruyu ve onun seçeneklerinden değerleri göstermelidir.',
    ar: 'يجب أن يشير منطق العرض إلى سؤال سابق في التدفق نفسه وإلى قيم من بين اختياراته.',
  },
  4016: {
    en: 'A survey without a flow with questions cannot be activated.',
    tr: 'Soruları olan bir akışı bulunmayan anket aktifleştirilemez.',
    ar: 'لا يمكن تفعيل استبيان ليس له تدفق يحتوي على أسئلة.',
  },
  4017: {
    en: 'A survey with invitees cannot be deleted.',
    tr: 'Davetlisi olan anket silinemez.',
    ar: 'لا يمكن حذف استبيان له مدعوون.',
  },
  4018: {
    en: 'Test invitations can be sent for active surveys only.',
    tr: 'Test davetleri yalnızca aktif anketler için gönderilebilir.',
    ar: 'لا يمكن إرسال دعوات الاختبار إلا للاستبيانات النشطة.',
  },
  4019: {
    en: 'Select at least one test user of this tenant.',
    tr: 'Bu kiracıdan en az bir test kullanıcısı seçin.',
    ar: 'اختر مستخدم اختبار واحدًا على الأقل من هذا المستأجر.',
  },
  4020: {
    en: 'Choose at least one invitation channel to continue.',
    tr: 'Devam etmek için en az bir davet kanalı seçin.',
    ar: 'اختر قناة دعوة واحدة على الأقل للمتابعة.',
  },
  4021: {
    en: 'The primary channel must be one of the chosen channels.',
    tr: 'Birincil kanal seçilen kanallardan biri olmalıdır.',
    ar: 'يجب أن تكون القناة الأساسية إحدى القنوات المختارة.',
  },
  4022: {
    en: 'The quota refresh cron must fall within the refresh job schedule (every 5 minutes).',
    tr: 'Kota yenileme cron ifadesi yenileme işinin takvimine (5 dakikada bir) uymalıdır.',
    ar: 'يجب أن يقع تعبير cron لتحديث الحصة ضمن جدول مهمة التحديث (كل 5 دقائق).',
  },
  4023: {
    en: 'A condition names an unknown field or a value that does not exist.',
    tr: 'Bir koşul bilinmeyen bir alanı ya da var olmayan bir değeri gösteriyor.',
    ar: 'يشير شرط إلى حقل غير معروف أو إلى قيمة غير موجودة.',
  },
  4024: {
    en: 'A survey with no invitation channel and a touchpoint primary channel cannot be prioritised.',
    tr: 'Davet kanalı olmayan ve birincil kanalı temas noktası olan anket önceliklendirilemez.',
    ar: 'لا يمكن تحديد أولوية استبيان بلا قناة دعوة وقناته الأساسية نقطة اتصال.',
  },
  4025: {
    en: 'A question can appear only once in a survey.',
    tr: 'Bir soru bir ankette yalnızca bir kez yer alabilir.',
    ar: 'لا يمكن أن يظهر السؤال إلا مرة واحدة في الاستبيان.',
  },
  4026: {
    en: 'Turn the measurement-metric flag off before cloning this question.',
    tr: 'Bu soruyu kopyalamadan önce ölçüm metriği işaretini kaldırın.',
    ar: 'أوقف علامة مقياس القياس قبل نسخ هذا السؤال.',
  },
  4027: {
    en: 'Every chosen channel needs an invitation template.',
    tr: 'Seçilen her kanal için bir davet şablonu gerekir.',
    ar: 'تحتاج كل قناة مختارة إلى قالب دعوة.',
  },
  4028: {
    en: 'The image must be a PNG, JPEG, GIF or WebP file of at most 512 KB.',
    tr: 'Görsel en fazla 512 KB boyutunda PNG, JPEG, GIF ya da WebP dosyası olmalıdır.',
    ar: 'يجب أن تكون الصورة ملف PNG أو JPEG أو GIF أو WebP بحجم 512 كيلوبايت على الأكثر.',
  },
  4030: {
    en: 'This survey invitation has expired.',
    tr: 'Bu anket davetinin süresi doldu.',
    ar: 'انتهت صلاحية دعوة الاستبيان هذه.',
  },
  4031: {
    en: 'This survey has already been completed. Thank you.',
    tr: 'Bu anket zaten tamamlandı. Teşekkür ederiz.',
    ar: 'تم إكمال هذا الاستبيان بالفعل. شكرًا لك.',
  },
  4032: {
    en: 'You have unsubscribed from our surveys.',
    tr: 'Anketlerimizden ayrıldınız.',
    ar: 'لقد ألغيت اشتراكك في استبياناتنا.',
  },
  4033: {
    en: 'This survey is not open for answers.',
    tr: 'Bu anket şu anda yanıt almıyor.',
    ar: 'هذا الاستبيان غير مفتوح لتلقي الإجابات.',
  },
  4034: {
    en: 'Please answer every required question.',
    tr: 'Lütfen zorunlu soruların hepsini yanıtlayın.',
    ar: 'يُرجى الإجابة عن كل سؤال إلزامي.',
  },
  4035: {
    en: 'An answer does not belong to a question of this survey or is not one of its choices.',
    tr: 'Bir yanıt bu anketin bir sorusuna ait değil ya da seçeneklerinden biri değil.',
    ar: 'إجابة لا تخص سؤالًا في هذا الاستبيان أو ليست من اختياراته.',
  },
  4036: {
    en: 'A template with this name already exists.',
    tr: 'Bu adla bir şablon zaten var.',
    ar: 'يوجد قالب بهذا الاسم بالفعل.',
  },
  4037: {
    en: 'This template is used by a survey and cannot be deleted.',
    tr: 'Bu şablon bir ankette kullanılıyor, silinemez.',
    ar: 'هذا القالب مستخدم في استبيان ولا يمكن حذفه.',
  },
  4038: {
    en: 'The gateway for this channel is not configured.',
    tr: 'Bu kanalın gönderim ayarı yapılmamış.',
    ar: 'بوابة هذه القناة غير مُعدّة.',
  },
  4039: {
    en: 'The survey is not sent on this channel.',
    tr: 'Anket bu kanaldan gönderilmiyor.',
    ar: 'لا يُرسل الاستبيان عبر هذه القناة.',
  },
  4044: {
    en: 'Choose invitees of this survey.',
    tr: 'Bu anketin davetlilerini seçin.',
    ar: 'اختر مدعوين لهذا الاستبيان.',
  },
  4049: {
    en: 'This survey has as many links as allowed. Delete one before adding another.',
    tr: 'Bu ankette izin verilen sayıda bağlantı var. Yenisini eklemeden önce birini silin.',
    ar: 'لهذا الاستبيان الحد المسموح به من الروابط. احذف رابطًا قبل إضافة آخر.',
  },
  10001: {
    en: 'The Power User limit has been reached.',
    tr: 'Power User sınırına ulaşıldı.',
    ar: 'تم بلوغ حد مستخدمي Power User.',
  },
  10002: {
    en: 'The Power User limit has been reached.',
    tr: 'Power User sınırına ulaşıldı.',
    ar: 'تم بلوغ حد مستخدمي Power User.',
  },
  10003: {
    en: 'The role cannot be updated: the maximum Power User count would be exceeded.',
    tr: 'Rol güncellenemez: en fazla Power User sayısı aşılır.',
    ar: 'لا يمكن تحديث الدور: سيتم تجاوز الحد الأقصى لعدد مستخدمي Power User.',
  },
  10004: {
    en: 'The user cannot be activated: the Power User limit has been reached.',
    tr: 'Kullanıcı etkinleştirilemez: Power User sınırına ulaşıldı.',
    ar: 'لا يمكن تفعيل المستخدم: تم بلوغ حد مستخدمي Power User.',
  },
  10005: {
    en: 'Alterna User Level roles cannot be deleted.',
    tr: 'Alterna kullanıcı seviyesindeki roller silinemez.',
    ar: 'لا يمكن حذف أدوار مستوى مستخدم Alterna.',
  },
  10006: {
    en: 'The scopes of Alterna User Level roles cannot be changed.',
    tr: 'Alterna kullanıcı seviyesindeki rollerin yetkileri değiştirilemez.',
    ar: 'لا يمكن تغيير صلاحيات أدوار مستوى مستخدم Alterna.',
  },
  10007: {
    en: 'This role is assigned to users; it cannot be removed.',
    tr: 'Bu rol kullanıcılara atanmış; silinemez.',
    ar: 'هذا الدور مُسند إلى مستخدمين؛ لا يمكن إزالته.',
  },
  10008: {
    en: 'Only Alterna users can manage records of the Alterna security level.',
    tr: 'Alterna güvenlik seviyesindeki kayıtları yalnızca Alterna kullanıcıları yönetebilir.',
    ar: 'لا يدير سجلات مستوى أمان Alterna إلا مستخدمو Alterna.',
  },
  10009: {
    en: 'A user with this user name already exists.',
    tr: 'Bu kullanıcı adıyla bir kullanıcı zaten var.',
    ar: 'يوجد مستخدم باسم المستخدم هذا بالفعل.',
  },
  10010: {
    en: 'A role with this name already exists.',
    tr: 'Bu adla bir rol zaten var.',
    ar: 'يوجد دور بهذا الاسم بالفعل.',
  },
  10011: {
    en: 'A client with this id already exists.',
    tr: 'Bu kimlikle bir istemci zaten var.',
    ar: 'يوجد عميل بهذا المعرّف بالفعل.',
  },
  10012: {
    en: "The console's own client cannot be deleted, deactivated or made confidential.",
    tr: 'Konsolun kendi istemcisi silinemez, pasifleştirilemez veya gizli yapılamaz.',
    ar: 'لا يمكن حذف عميل وحدة التحكم نفسها أو تعطيله أو جعله سريًا.',
  },
  10013: {
    en: 'You cannot grant a scope you do not hold yourself.',
    tr: 'Kendinizde olmayan bir yetkiyi veremezsiniz.',
    ar: 'لا يمكنك منح صلاحية لا تملكها أنت.',
  },
  10014: {
    en: 'You cannot change your own roles.',
    tr: 'Kendi rollerinizi değiştiremezsiniz.',
    ar: 'لا يمكنك تغيير أدوارك.',
  },
  11001: {
    en: 'Exporting more than 100000 records is not allowed.',
    tr: '100000 kayıttan fazlasının dışa aktarılmasına izin verilmez.',
    ar: 'لا يُسمح بتصدير أكثر من 100000 سجل.',
  },
  11002: {
    en: 'There are no records to download.',
    tr: 'İndirilecek kayıt yok.',
    ar: 'لا توجد سجلات للتنزيل.',
  },
  12001: {
    en: 'A filter with the same name exists.',
    tr: 'Aynı adda bir filtre var.',
    ar: 'يوجد مرشح بالاسم نفسه.',
  },
  13001: {
    en: 'An experience with this name exists.',
    tr: 'Bu adda bir deneyim var.',
    ar: 'توجد تجربة بهذا الاسم.',
  },
  13002: { en: 'The experience was not found.', tr: 'Deneyim bulunamadı.', ar: 'لم يُعثر على التجربة.' },
  13003: {
    en: 'This is a preserved system experience; it cannot be changed or removed.',
    tr: 'Bu korunan bir sistem deneyimidir; değiştirilemez veya silinemez.',
    ar: 'هذه تجربة نظام محمية؛ لا يمكن تغييرها أو إزالتها.',
  },
  13004: {
    en: 'This experience is in use by questions or weighted groups.',
    tr: 'Bu deneyim sorular veya ağırlıklı gruplar tarafından kullanılıyor.',
    ar: 'هذه التجربة مستخدمة في أسئلة أو مجموعات موزونة.',
  },
  13005: {
    en: 'This journey stage is used by surveys; it cannot be changed or removed.',
    tr: 'Bu yolculuk aşaması anketlerde kullanılıyor; değiştirilemez veya silinemez.',
    ar: 'مرحلة الرحلة هذه مستخدمة في استبيانات؛ لا يمكن تغييرها أو إزالتها.',
  },
  13006: {
    en: 'A journey stage with this name already exists.',
    tr: 'Bu adla bir yolculuk aşaması zaten var.',
    ar: 'توجد مرحلة رحلة بهذا الاسم بالفعل.',
  },
  14001: {
    en: 'A tenant with this name exists.',
    tr: 'Bu adda bir kiracı var.',
    ar: 'يوجد مستأجر بهذا الاسم.',
  },
  14002: {
    en: 'The tenant limit has been reached.',
    tr: 'Kiracı sınırına ulaşıldı.',
    ar: 'تم بلوغ حد المستأجرين.',
  },
  14003: { en: 'The tenant was not found.', tr: 'Kiracı bulunamadı.', ar: 'لم يُعثر على المستأجر.' },
  14004: {
    en: 'The tenant has users and cannot be deleted.',
    tr: 'Kiracının kullanıcıları var, silinemez.',
    ar: 'للمستأجر مستخدمون ولا يمكن حذفه.',
  },
  14005: {
    en: "You are not authorised to change a user's tenant.",
    tr: 'Bir kullanıcının kiracısını değiştirme yetkiniz yok.',
    ar: 'لست مخوّلًا بتغيير مستأجر مستخدم.',
  },
  14006: {
    en: 'The tenant still has data (surveys, responses, catalogue or audit records) and cannot be deleted.',
    tr: 'Kiracının hâlâ verisi var (anketler, yanıtlar, katalog veya denetim kayıtları); silinemez.',
    ar: 'لا يزال لدى المستأجر بيانات (استبيانات أو ردود أو كتالوج أو سجلات تدقيق) ولا يمكن حذفه.',
  },
  15001: {
    en: 'The file has multiple extensions.',
    tr: 'Dosyanın birden fazla uzantısı var.',
    ar: 'للملف أكثر من امتداد.',
  },
  15002: { en: 'The file is not UTF-8.', tr: 'Dosya UTF-8 değil.', ar: 'الملف ليس بترميز UTF-8.' },
  15003: {
    en: 'The file is not .csv or .xlsx.',
    tr: 'Dosya .csv veya .xlsx değil.',
    ar: 'الملف ليس ‎.csv أو ‎.xlsx.',
  },
  15004: { en: 'The file has the wrong type.', tr: 'Dosya türü yanlış.', ar: 'نوع الملف خاطئ.' },
  16001: {
    en: 'An import data source in use cannot be deleted.',
    tr: 'Kullanımdaki bir içe aktarma kaynağı silinemez.',
    ar: 'لا يمكن حذف مصدر استيراد قيد الاستخدام.',
  },
  16002: {
    en: 'The type field is in use; the source cannot be created.',
    tr: 'Tür alanı kullanımda; kaynak oluşturulamaz.',
    ar: 'حقل النوع قيد الاستخدام؛ لا يمكن إنشاء المصدر.',
  },
  16003: {
    en: 'A source in use cannot be updated.',
    tr: 'Kullanımdaki bir kaynak güncellenemez.',
    ar: 'لا يمكن تحديث مصدر قيد الاستخدام.',
  },
  16004: {
    en: 'Source content in use cannot be deleted.',
    tr: 'Kullanımdaki kaynak içeriği silinemez.',
    ar: 'لا يمكن حذف محتوى مصدر قيد الاستخدام.',
  },
  16005: {
    en: 'You uploaded this import; another user must approve or reject it.',
    tr: 'Bu içe aktarmayı siz yüklediniz; onay veya reddi başka bir kullanıcı vermelidir.',
    ar: 'أنت من رفع هذا الاستيراد؛ يجب أن يوافق عليه مستخدم آخر أو يرفضه.',
  },
  16006: {
    en: 'Only an import waiting for approval can be approved or rejected.',
    tr: 'Yalnızca onay bekleyen bir içe aktarma onaylanabilir veya reddedilebilir.',
    ar: 'لا يمكن قبول أو رفض إلا استيراد ينتظر الموافقة.',
  },
  17001: {
    en: 'The configuration must be valid JSON with the values its section expects.',
    tr: 'Yapılandırma, bölümünün beklediği değerlerle geçerli JSON olmalıdır.',
    ar: 'يجب أن يكون الإعداد JSON صالحًا بالقيم التي يتوقعها قسمه.',
  },
  17002: {
    en: 'A configuration for this section already exists.',
    tr: 'Bu bölüm için bir yapılandırma zaten var.',
    ar: 'يوجد إعداد لهذا القسم بالفعل.',
  },
  18001: {
    en: 'A weighted experience group with this name exists.',
    tr: 'Bu adda bir ağırlıklı deneyim grubu var.',
    ar: 'توجد مجموعة تجارب موزونة بهذا الاسم.',
  },
  18002: {
    en: 'The weighted experience group was not found.',
    tr: 'Ağırlıklı deneyim grubu bulunamadı.',
    ar: 'لم يُعثر على مجموعة التجارب الموزونة.',
  },
  19001: {
    en: 'A name mapping exists for this model.',
    tr: 'Bu model için bir ad eşlemesi var.',
    ar: 'يوجد تعيين أسماء لهذا النموذج.',
  },
  19002: { en: 'Duplicate topic names.', tr: 'Yinelenen konu adları.', ar: 'أسماء موضوعات مكررة.' },
  19003: {
    en: 'The mapping was not found for update.',
    tr: 'Güncellenecek eşleme bulunamadı.',
    ar: 'لم يُعثر على التعيين المراد تحديثه.',
  },
  19004: {
    en: 'The model id does not match.',
    tr: 'Model kimliği eşleşmiyor.',
    ar: 'معرّف النموذج غير مطابق.',
  },
  19101: {
    en: 'A dataset with this name already exists.',
    tr: 'Bu adla bir veri kümesi zaten var.',
    ar: 'توجد مجموعة بيانات بهذا الاسم بالفعل.',
  },
  19102: {
    en: 'The dataset is being processed and cannot be deleted.',
    tr: 'Veri kümesi işleniyor ve silinemez.',
    ar: 'مجموعة البيانات قيد المعالجة ولا يمكن حذفها.',
  },
  19103: {
    en: 'This annotator is locked to a user and cannot be deleted.',
    tr: 'Bu etiketleyici bir kullanıcıya kilitli ve silinemez.',
    ar: 'هذا المُعلِّق مقفل على مستخدم ولا يمكن حذفه.',
  },
  19104: {
    en: 'An annotator with this email or user already exists.',
    tr: 'Bu e-posta veya kullanıcıyla bir etiketleyici zaten var.',
    ar: 'يوجد مُعلِّق بهذا البريد الإلكتروني أو المستخدم بالفعل.',
  },
  19111: {
    en: 'An annotation work with this name already exists.',
    tr: 'Bu adla bir etiketleme çalışması zaten var.',
    ar: 'يوجد عمل تعليق توضيحي بهذا الاسم بالفعل.',
  },
  19112: {
    en: 'The annotation work is not ready yet: this is possible only after processing.',
    tr: 'Etiketleme çalışması henüz hazır değil: bu işlem ancak işleme bittikten sonra yapılabilir.',
    ar: 'عمل التعليق التوضيحي غير جاهز بعد: لا يمكن ذلك إلا بعد انتهاء المعالجة.',
  },
  19113: {
    en: 'A locked annotator cannot be removed from the task.',
    tr: 'Kilitli bir etiketleyici görevden çıkarılamaz.',
    ar: 'لا يمكن إزالة مُعلِّق مقفل من المهمة.',
  },
  19114: {
    en: 'You are not an annotator of this task.',
    tr: 'Bu görevin etiketleyicisi değilsiniz.',
    ar: 'لست مُعلِّقًا في هذه المهمة.',
  },
  19115: {
    en: 'The file has invalid rows; nothing was saved.',
    tr: 'Dosyada geçersiz satırlar var; hiçbir şey kaydedilmedi.',
    ar: 'يحتوي الملف على صفوف غير صالحة؛ لم يُحفظ أي شيء.',
  },
  19116: {
    en: 'The annotation type, dataset and topic model of an annotation work cannot be changed.',
    tr: 'Bir etiketleme çalışmasının türü, veri kümesi ve konu modeli değiştirilemez.',
    ar: 'لا يمكن تغيير نوع عمل التعليق التوضيحي ومجموعة بياناته ونموذج موضوعاته.',
  },
  19117: {
    en: 'The annotation task has expired.',
    tr: 'Etiketleme görevinin süresi doldu.',
    ar: 'انتهت صلاحية مهمة التعليق التوضيحي.',
  },
  19118: {
    en: 'You have reached the target count of this task.',
    tr: 'Bu görevin hedef sayısına ulaştınız.',
    ar: 'لقد بلغت العدد المستهدف لهذه المهمة.',
  },
  19119: {
    en: 'The annotation work is used by a sentiment model and cannot be deleted.',
    tr: 'Etiketleme çalışması bir duygu modelinde kullanılıyor ve silinemez.',
    ar: 'يستخدم نموذج مشاعر عمل التعليق التوضيحي هذا ولا يمكن حذفه.',
  },
  19131: {
    en: 'A topic model cannot be both an emotion model and an intent model.',
    tr: 'Bir konu modeli hem duygu hem de niyet modeli olamaz.',
    ar: 'لا يمكن أن يكون نموذج الموضوعات نموذج مشاعر ونموذج نوايا معًا.',
  },
  19132: {
    en: 'A topic model group cannot mix emotion and non-emotion models.',
    tr: 'Bir konu modeli grubu duygu modelleriyle diğer modelleri karıştıramaz.',
    ar: 'لا يمكن أن تجمع مجموعة نماذج الموضوعات بين نماذج المشاعر وغيرها.',
  },
  19133: {
    en: 'A topic model with this name already exists.',
    tr: 'Bu adla bir konu modeli zaten var.',
    ar: 'يوجد نموذج موضوعات بهذا الاسم بالفعل.',
  },
  19134: {
    en: 'A topic model group with this name already exists.',
    tr: 'Bu adla bir konu modeli grubu zaten var.',
    ar: 'توجد مجموعة نماذج موضوعات بهذا الاسم بالفعل.',
  },
  19135: {
    en: 'Only a model that blends rules with a classifier and has an annotation work can be trained.',
    tr: 'Yalnızca kuralları sınıflandırıcıyla birleştiren ve bir etiketleme çalışması olan model eğitilebilir.',
    ar: 'لا يمكن تدريب إلا نموذج يمزج القواعد بمصنِّف وله عمل توسيم.',
  },
  19136: {
    en: 'The annotation work has no agreed labels yet.',
    tr: 'Etiketleme çalışmasında henüz üzerinde uzlaşılmış etiket yok.',
    ar: 'لا توجد بعد تسميات متفق عليها في عمل التوسيم.',
  },
  19137: {
    en: 'An annotation work uses this topic model; it cannot be deleted.',
    tr: 'Bu konu modelini bir etiketleme çalışması kullanıyor; silinemez.',
    ar: 'يستخدم عمل توسيم نموذج الموضوعات هذا؛ لا يمكن حذفه.',
  },
  19138: {
    en: 'This topic has sub-topics; delete them first.',
    tr: 'Bu konunun alt konuları var; önce onları silin.',
    ar: 'لهذا الموضوع موضوعات فرعية؛ احذفها أولًا.',
  },
  19141: {
    en: 'The cron expression names no future time for this job.',
    tr: 'Cron ifadesi bu iş için gelecekte bir zaman belirtmiyor.',
    ar: 'لا يحدد تعبير cron أي وقت مستقبلي لهذه المهمة.',
  },
  19142: {
    en: 'This job type needs its model or dataset: training one model, scoring a sentiment or topic model, dataset a dataset.',
    tr: 'Bu iş türü modelini veya veri kümesini gerektirir: eğitim bir model, puanlama bir duygu veya konu modeli, veri kümesi işi bir veri kümesi.',
    ar: 'يحتاج نوع المهمة هذا إلى نموذجه أو مجموعة بياناته: التدريب نموذجًا واحدًا، والتقييم نموذج مشاعر أو موضوعات، ومهمة البيانات مجموعة بيانات.',
  },
  19143: {
    en: 'The emotion model setting does not match the topic model.',
    tr: 'Duygu modeli ayarı konu modeliyle eşleşmiyor.',
    ar: 'إعداد نموذج العواطف لا يطابق نموذج الموضوعات.',
  },
  19144: {
    en: 'The job is running. Try again when its run has finished.',
    tr: 'İş çalışıyor. Çalışması bittiğinde yeniden deneyin.',
    ar: 'المهمة قيد التشغيل. حاول مرة أخرى عند انتهاء تشغيلها.',
  },
  19145: {
    en: "The job's status does not allow this command.",
    tr: 'İşin durumu bu komuta izin vermiyor.',
    ar: 'حالة المهمة لا تسمح بهذا الأمر.',
  },
  19146: {
    en: 'This value is not valid for this configuration.',
    tr: 'Bu değer bu yapılandırma için geçerli değil.',
    ar: 'هذه القيمة غير صالحة لهذا الإعداد.',
  },
  19121: {
    en: 'A sentiment model with this name already exists.',
    tr: 'Bu adla bir duygu modeli zaten var.',
    ar: 'يوجد نموذج مشاعر بهذا الاسم بالفعل.',
  },
  19122: {
    en: 'The sentiment model has no accepted version yet. Train it first.',
    tr: 'Duygu modelinin henüz kabul edilmiş bir sürümü yok. Önce eğitin.',
    ar: 'لا يوجد لنموذج المشاعر إصدار مقبول بعد. درّبه أولاً.',
  },
  19123: {
    en: 'The sentiment model is being trained. Wait until the training ends.',
    tr: 'Duygu modeli eğitiliyor. Eğitim bitene kadar bekleyin.',
    ar: 'نموذج المشاعر قيد التدريب. انتظر حتى ينتهي التدريب.',
  },
  19124: {
    en: 'This sentiment model is the base model of another model and cannot be deleted.',
    tr: 'Bu duygu modeli başka bir modelin temel modeli olduğu için silinemez.',
    ar: 'نموذج المشاعر هذا هو النموذج الأساسي لنموذج آخر ولا يمكن حذفه.',
  },
  19125: {
    en: 'The random data count must be greater than 0 and at most 100,000.',
    tr: 'Rastgele veri sayısı 0’dan büyük ve en çok 100.000 olmalıdır.',
    ar: 'يجب أن يكون عدد البيانات العشوائية أكبر من 0 وألا يتجاوز 100٬000.',
  },
  19126: {
    en: "The text's language is not the model's language.",
    tr: 'Metnin dili modelin dili değil.',
    ar: 'لغة النص ليست لغة النموذج.',
  },
  19201: {
    en: 'An integration source with this name already exists.',
    tr: 'Bu adda bir entegrasyon kaynağı zaten var.',
    ar: 'يوجد مصدر تكامل بهذا الاسم بالفعل.',
  },
  19202: {
    en: "The integration source's type or a field its type needs is missing.",
    tr: 'Entegrasyon kaynağının türü ya da türünün gerektirdiği bir alan eksik.',
    ar: 'نوع مصدر التكامل أو حقل يتطلبه هذا النوع مفقود.',
  },
  19203: {
    en: 'This integration source is used by workflows or alert rules and cannot be deleted.',
    tr: 'Bu entegrasyon kaynağı iş akışlarında veya alarm kurallarında kullanıldığı için silinemez.',
    ar: 'مصدر التكامل هذا مستخدم في مسارات عمل أو قواعد تنبيه ولا يمكن حذفه.',
  },
  19204: {
    en: 'A workflow with this name already exists.',
    tr: 'Bu adda bir iş akışı zaten var.',
    ar: 'يوجد مسار عمل بهذا الاسم بالفعل.',
  },
  19205: {
    en: 'Actions cannot run on a listener source.',
    tr: 'Dinleyici bir kaynakta eylem çalıştırılamaz.',
    ar: 'لا يمكن تشغيل الإجراءات على مصدر استماع.',
  },
  19206: {
    en: 'This action does not run on the chosen source.',
    tr: 'Bu eylem seçilen kaynakta çalışmaz.',
    ar: 'لا يعمل هذا الإجراء على المصدر المحدد.',
  },
  19207: {
    en: 'Each mapping needs an event field or a constant.',
    tr: 'Her eşleme bir olay alanı veya sabit değer gerektirir.',
    ar: 'يحتاج كل ربط إلى حقل حدث أو قيمة ثابتة.',
  },
  19208: {
    en: "The event field is not a field of the workflow's event.",
    tr: 'Olay alanı, iş akışının olayına ait bir alan değil.',
    ar: 'حقل الحدث ليس من حقول حدث مسار العمل.',
  },
  19209: {
    en: "The action field is not a field of the workflow's action.",
    tr: 'Eylem alanı, iş akışının eylemine ait bir alan değil.',
    ar: 'حقل الإجراء ليس من حقول إجراء مسار العمل.',
  },
  19210: {
    en: 'A required field of the action is not mapped.',
    tr: 'Eylemin zorunlu bir alanı eşlenmemiş.',
    ar: 'لم يُربط حقل إلزامي للإجراء.',
  },
  19211: {
    en: 'An action field is mapped more than once.',
    tr: 'Bir eylem alanı birden çok kez eşlenmiş.',
    ar: 'رُبط حقل إجراء أكثر من مرة.',
  },
  19212: {
    en: 'The replay range must start before it ends and span at most 31 days.',
    tr: 'Yeniden gönderim aralığı bitmeden başlamalı ve en çok 31 gün sürmelidir.',
    ar: 'يجب أن يبدأ نطاق إعادة الإرسال قبل نهايته وألا يتجاوز 31 يومًا.',
  },
  19213: {
    en: 'The replay range holds more than 1000 deliveries; choose a shorter range.',
    tr: "Yeniden gönderim aralığında 1000'den fazla gönderim var; daha kısa bir aralık seçin.",
    ar: 'يحتوي نطاق إعادة الإرسال على أكثر من 1000 عملية تسليم؛ اختر نطاقًا أقصر.',
  },
  19214: {
    en: 'This delivery is being sent; try again when it has finished.',
    tr: 'Bu gönderim şu anda yapılıyor; bittiğinde yeniden deneyin.',
    ar: 'يجري إرسال عملية التسليم هذه؛ أعد المحاولة عند انتهائها.',
  },
  19215: {
    en: 'The type of an integration source used by workflows cannot change.',
    tr: 'İş akışlarında kullanılan bir entegrasyon kaynağının türü değiştirilemez.',
    ar: 'لا يمكن تغيير نوع مصدر تكامل مستخدم في مسارات عمل.',
  },
  19216: {
    en: 'This review URL is already used by another review source.',
    tr: 'Bu yorum adresi başka bir yorum kaynağında kullanılıyor.',
    ar: 'عنوان المراجعات هذا مستخدم في مصدر مراجعات آخر.',
  },
  19217: {
    en: 'This place id is already used by another review source.',
    tr: 'Bu yer kimliği başka bir yorum kaynağında kullanılıyor.',
    ar: 'معرّف المكان هذا مستخدم في مصدر مراجعات آخر.',
  },
  19218: {
    en: 'A review source with this name already exists.',
    tr: 'Bu adla bir yorum kaynağı zaten var.',
    ar: 'يوجد مصدر مراجعات بهذا الاسم بالفعل.',
  },
  19219: {
    en: 'Give a review URL or a place id, and choose an external survey.',
    tr: 'Bir yorum adresi veya yer kimliği girin ve bir dış kaynaklı anket seçin.',
    ar: 'أدخل عنوان مراجعات أو معرّف مكان، واختر استبيانًا خارجيًا.',
  },
  19220: {
    en: 'The result limit must be greater than zero and at most 1000.',
    tr: 'Sonuç sınırı sıfırdan büyük ve en çok 1000 olmalıdır.',
    ar: 'يجب أن يكون حد النتائج أكبر من صفر وألا يتجاوز 1000.',
  },
  19301: {
    en: 'No customer is waiting to be called.',
    tr: 'Aranmayı bekleyen müşteri yok.',
    ar: 'لا يوجد عميل بانتظار الاتصال.',
  },
  19302: {
    en: 'Another agent is already on a call with this customer.',
    tr: 'Bu müşteriyle başka bir temsilci görüşüyor.',
    ar: 'يجري وكيل آخر مكالمة مع هذا العميل بالفعل.',
  },
  19303: {
    en: 'You are already on a call; end it before taking another.',
    tr: 'Zaten bir görüşmedesiniz; yenisini almadan önce onu sonlandırın.',
    ar: 'أنت في مكالمة بالفعل؛ أنهِها قبل أخذ مكالمة أخرى.',
  },
  19304: {
    en: 'This call has already ended.',
    tr: 'Bu görüşme zaten sona erdi.',
    ar: 'انتهت هذه المكالمة بالفعل.',
  },
  19305: {
    en: 'The survey has not been answered to its end; the call cannot end as completed.',
    tr: 'Anket sonuna kadar yanıtlanmadı; görüşme tamamlandı olarak kapatılamaz.',
    ar: 'لم تتم الإجابة عن الاستبيان حتى نهايته؛ لا يمكن إنهاء المكالمة كمكتملة.',
  },
  19306: {
    en: 'Choose a callback time in the future, at most 60 days ahead.',
    tr: 'Geri arama için ileri bir zaman seçin; en çok 60 gün sonrası.',
    ar: 'اختر وقتًا مستقبليًا لمعاودة الاتصال، خلال 60 يومًا على الأكثر.',
  },
  19307: {
    en: 'Choose the reason of the refusal from the list.',
    tr: 'Reddin nedenini listeden seçin.',
    ar: 'اختر سبب الرفض من القائمة.',
  },
  19308: {
    en: 'The period must start before it ends and span at most 366 days.',
    tr: 'Dönem bitmeden başlamalı ve en çok 366 gün sürmelidir.',
    ar: 'يجب أن تبدأ الفترة قبل نهايتها وألا تتجاوز 366 يومًا.',
  },
  19401: {
    en: "This text key is not in the console's catalogue.",
    tr: 'Bu metin anahtarı konsolun kataloğunda yok.',
    ar: 'مفتاح النص هذا غير موجود في فهرس الواجهة.',
  },
  19402: {
    en: 'The file must be a JSON object of texts (at most 10,000, each at most 2,000 characters).',
    tr: 'Dosya metinlerden oluşan bir JSON nesnesi olmalıdır (en çok 10.000 metin, her biri en çok 2.000 karakter).',
    ar: 'يجب أن يكون الملف كائن JSON من النصوص (10,000 نص على الأكثر، كل منها 2,000 حرف على الأكثر).',
  },
  19501: {
    en: 'Choose one of your reports.',
    tr: 'Raporlarınızdan birini seçin.',
    ar: 'اختر أحد تقاريرك.',
  },
  19502: {
    en: 'Choose either a user or a role as the recipient.',
    tr: 'Alıcı olarak ya bir kullanıcı ya da bir rol seçin.',
    ar: 'اختر مستخدمًا أو دورًا مستلمًا، وليس كليهما.',
  },
  19503: {
    en: 'The chosen user, role, experience or survey does not exist.',
    tr: 'Seçilen kullanıcı, rol, deneyim veya anket bulunamadı.',
    ar: 'المستخدم أو الدور أو التجربة أو الاستبيان المختار غير موجود.',
  },
  20001: {
    en: 'This link is invalid or has already been used.',
    tr: 'Bu bağlantı geçersiz veya daha önce kullanılmış.',
    ar: 'هذا الرابط غير صالح أو استُخدم من قبل.',
  },
  20002: {
    en: 'This link has expired. You can have a new one sent.',
    tr: 'Bu bağlantının süresi doldu. Yeni bir bağlantı gönderilmesini isteyebilirsiniz.',
    ar: 'انتهت صلاحية هذا الرابط. يمكنك طلب إرسال رابط جديد.',
  },
  20003: {
    en: 'Your email is already confirmed.',
    tr: 'E-postanız zaten doğrulanmış.',
    ar: 'بريدك الإلكتروني مؤكَّد بالفعل.',
  },
  20004: {
    en: 'The current password is wrong.',
    tr: 'Mevcut parola hatalı.',
    ar: 'كلمة المرور الحالية خاطئة.',
  },
  20005: {
    en: 'The new password must differ from the current one.',
    tr: 'Yeni parola mevcut paroladan farklı olmalıdır.',
    ar: 'يجب أن تختلف كلمة المرور الجديدة عن الحالية.',
  },
  20006: {
    en: 'The two-factor code is invalid.',
    tr: 'İki adımlı doğrulama kodu geçersiz.',
    ar: 'رمز التحقق بخطوتين غير صالح.',
  },
  20007: {
    en: 'Single sign-on is not configured.',
    tr: 'Tek oturum açma (SSO) yapılandırılmamış.',
    ar: 'لم يتم إعداد تسجيل الدخول الموحّد (SSO).',
  },
};

/** A code's text in `language`: Turkish, Arabic, or English for every other language. */
export function errorMessage(code: ErrorCode, language: string | undefined): string {
  return ERROR_MESSAGES[code][messageLanguage(language)];
}

/**
 * The words of the message keys a schema issue carries (validators.ts VALIDATION_MESSAGES, the grid export's
 * file-name rule), for the `Details: [{ Path, Message }]` of a 3333 answer: a key must not reach the caller.
 * `{{max}}`/`{{min}}` are filled from the issue. The web words the same keys from its `validation` namespace.
 */
const ISSUE_MESSAGES: Record<ValidationMessage | 'grid.exportFileNameExtension' | 'invalid', Messages> = {
  'validation:validation.required': {
    en: 'This field is required',
    tr: 'Bu alan zorunludur',
    ar: 'هذا الحقل مطلوب',
  },
  'validation:validation.alpha_num': {
    en: 'Only letters and digits are allowed',
    tr: 'Yalnızca harf ve rakam kullanılabilir',
    ar: 'يُسمح بالحروف والأرقام فقط',
  },
  'validation:validation.numeric': {
    en: 'Only digits are allowed',
    tr: 'Yalnızca rakam kullanılabilir',
    ar: 'يُسمح بالأرقام فقط',
  },
  'validation:validation.max_value': {
    en: 'The value must be {{max}} or less',
    tr: 'Değer en fazla {{max}} olabilir',
    ar: 'يجب أن تكون القيمة {{max}} أو أقل',
  },
  'validation:validation.min_value': {
    en: 'The value must be {{min}} or more',
    tr: 'Değer en az {{min}} olmalıdır',
    ar: 'يجب أن تكون القيمة {{min}} أو أكثر',
  },
  'validation:validation.max': {
    en: 'Use at most {{max}} characters',
    tr: 'En fazla {{max}} karakter girilebilir',
    ar: 'استخدم {{max}} حرفًا على الأكثر',
  },
  'validation:validation.min': {
    en: 'Use at least {{min}} characters',
    tr: 'En az {{min}} karakter girilmelidir',
    ar: 'استخدم {{min}} حرفًا على الأقل',
  },
  'validation:validation.email': {
    en: 'Enter a valid e-mail address',
    tr: 'Geçerli bir e-posta adresi girin',
    ar: 'أدخل عنوان بريد إلكتروني صالحًا',
  },
  'validation:validation.confirmed': {
    en: 'The values do not match',
    tr: 'Değerler birbiriyle eşleşmiyor',
    ar: 'القيمتان غير متطابقتين',
  },
  'validation:validation.integer': {
    en: 'Must be an integer',
    tr: 'Tam sayı olmalıdır',
    ar: 'يجب أن يكون عددًا صحيحًا',
  },
  'validation:validation.excluded': {
    en: 'This value cannot be used',
    tr: 'Bu değer kullanılamaz',
    ar: 'لا يمكن استخدام هذه القيمة',
  },
  'validation:customValidation.cron': {
    en: 'Cron expression is wrong',
    tr: 'Cron ifadesi hatalı',
    ar: 'تعبير cron خاطئ',
  },
  'validation:customValidation.json': {
    en: 'JSON format is wrong',
    tr: 'JSON biçimi hatalı',
    ar: 'تنسيق JSON خاطئ',
  },
  'validation:customValidation.password': {
    en: 'Password needs at least 6 characters with upper case, lower case and a digit',
    tr: 'Parola en az 6 karakter olmalı; büyük harf, küçük harf ve rakam içermelidir',
    ar: 'تحتاج كلمة المرور إلى 6 أحرف على الأقل تتضمن حرفًا كبيرًا وحرفًا صغيرًا ورقمًا',
  },
  'validation:customValidation.ftp': {
    en: 'Ftp url format is wrong',
    tr: 'Ftp adresi biçimi hatalı',
    ar: 'تنسيق عنوان FTP خاطئ',
  },
  'validation:customValidation.array_length': {
    en: 'Selection count should be at most {{max}}',
    tr: 'En fazla {{max}} seçim yapılabilir',
    ar: 'يجب ألا يتجاوز عدد الاختيارات {{max}}',
  },
  'validation:customValidation.unique': {
    en: 'This value already exists',
    tr: 'Bu değer zaten var',
    ar: 'هذه القيمة موجودة بالفعل',
  },
  'validation:customValidation.topic_notation': {
    en: "Topic must not contain '//' or ','",
    tr: "Konu '//' veya ',' içeremez",
    ar: "يجب ألا يحتوي الموضوع على '//' أو ','",
  },
  'validation:customValidation.alphaDashWithSpace': {
    en: 'Only alphanumeric, dash, underscore and space',
    tr: 'Yalnızca harf, rakam, tire, alt çizgi ve boşluk kullanılabilir',
    ar: 'الحروف والأرقام والشرطة والشرطة السفلية والمسافة فقط',
  },
  'validation:customValidation.distinct': {
    en: 'The two fields cannot be the same',
    tr: 'İki alan aynı olamaz',
    ar: 'لا يمكن أن يتطابق الحقلان',
  },
  'validation:customValidation.frequency': {
    en: 'Frequency (minute) minimum {{min}}',
    tr: 'Sıklık (dakika) en az {{min}} olmalıdır',
    ar: 'التكرار (بالدقائق) {{min}} على الأقل',
  },
  'validation:customValidation.url': { en: 'Invalid URL', tr: 'Geçersiz URL', ar: 'عنوان URL غير صالح' },
  'validation:customValidation.control_characters': {
    en: 'Must not contain control characters',
    tr: 'Kontrol karakteri içeremez',
    ar: 'يجب ألا يحتوي على أحرف تحكم',
  },
  'grid.exportFileNameExtension': {
    en: 'Give the file name without .xlsx or .xls; the extension is added',
    tr: 'Dosya adını .xlsx veya .xls olmadan yazın; uzantı eklenir',
    ar: 'اكتب اسم الملف بدون ‎.xlsx أو ‎.xls؛ يُضاف الامتداد تلقائيًا',
  },
  invalid: { en: 'The value is not valid', tr: 'Değer geçerli değil', ar: 'القيمة غير صالحة' },
};

export type IssueMessageKey = keyof typeof ISSUE_MESSAGES;

/** True when an issue's message is a key of ISSUE_MESSAGES (to be worded, never sent as it is). */
export function isIssueMessageKey(message: string): message is IssueMessageKey {
  return Object.hasOwn(ISSUE_MESSAGES, message);
}

/** A key's words in `language` (Turkish, Arabic, else English), `{{max}}`/`{{min}}` filled from `params`. */
export function issueMessage(
  key: IssueMessageKey,
  language: string | undefined,
  params: ValidationParams = {},
): string {
  const text = ISSUE_MESSAGES[key][messageLanguage(language)];
  return text.replace(/\{\{(max|min|other)\}\}/g, (whole, name: keyof ValidationParams) =>
    params[name] === undefined ? whole : String(params[name]),
  );
}

/** The sign-in failures' texts, sent as `error_description` and shown by the sign-in pages. */
export const LOGIN_ERROR_MESSAGES: Record<LoginError, Messages> = {
  invalid_captcha: {
    en: 'The security check failed. Please try again.',
    tr: 'Güvenlik doğrulaması başarısız. Lütfen yeniden deneyin.',
    ar: 'فشل التحقق الأمني. يُرجى المحاولة مرة أخرى.',
  },
  invalid_grant: {
    en: 'User name/email or password is incorrect.',
    tr: 'Kullanıcı adı/e-posta veya parola hatalı.',
    ar: 'اسم المستخدم/البريد الإلكتروني أو كلمة المرور غير صحيحة.',
  },
  invalid_grant_email_confirm: {
    en: 'Your email is not confirmed. Please check your email.',
    tr: 'E-postanız doğrulanmadı. Lütfen e-postanızı kontrol edin.',
    ar: 'بريدك الإلكتروني غير مؤكَّد. يُرجى التحقق من بريدك.',
  },
  invalid_grant_trial_expired: {
    en: 'Your trial period has expired.',
    tr: 'Deneme süreniz doldu.',
    ar: 'انتهت فترتك التجريبية.',
  },
  invalid_grant_2fa: {
    en: 'The verification code is invalid.',
    tr: 'Doğrulama kodu geçersiz.',
    ar: 'رمز التحقق غير صالح.',
  },
  invalid_sso_login: {
    en: 'You may not have access. Please contact your administrator.',
    tr: 'Erişiminiz olmayabilir. Lütfen yöneticinizle iletişime geçin.',
    ar: 'قد لا تكون لديك صلاحية الوصول. يُرجى التواصل مع المسؤول.',
  },
  expired_password: {
    en: 'Your password has expired. Please set a new one.',
    tr: 'Parolanızın süresi doldu. Lütfen yeni bir parola belirleyin.',
    ar: 'انتهت صلاحية كلمة مرورك. يُرجى تعيين كلمة مرور جديدة.',
  },
  invalid_client: {
    en: 'The application is not allowed to sign in.',
    tr: 'Uygulamanın oturum açmasına izin verilmiyor.',
    ar: 'لا يُسمح للتطبيق بتسجيل الدخول.',
  },
  unsupported_grant_type: {
    en: 'This sign-in method is not supported.',
    tr: 'Bu oturum açma yöntemi desteklenmiyor.',
    ar: 'طريقة تسجيل الدخول هذه غير مدعومة.',
  },
  invalid_request: {
    en: 'The sign-in request is incomplete.',
    tr: 'Oturum açma isteği eksik.',
    ar: 'طلب تسجيل الدخول غير مكتمل.',
  },
};
